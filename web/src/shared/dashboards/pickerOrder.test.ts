import { describe, expect, it } from 'vitest';
import { pickerOrder } from './pickerOrder';

describe('pickerOrder', () => {
  it('lists the others by name and oneself last', () => {
    const people = [
      { userId: 'me', name: 'Ada' },
      { userId: 'b', name: 'Zoe' },
      { userId: 'c', name: 'Bob' },
    ];
    expect(pickerOrder(people, 'me').map((person) => person.name)).toEqual(['Bob', 'Zoe', 'Ada']);
    expect(pickerOrder(people, 'nobody').map((person) => person.name)).toEqual(['Ada', 'Bob', 'Zoe']);
  });
});
