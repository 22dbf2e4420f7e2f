import { describe, expect, it } from 'vitest';
import { resolveActive } from './resolveActive';

const a = { id: 'a' };
const b = { id: 'b' };
const idOf = (item: { id: string }) => item.id;

describe('resolveActive', () => {
  it('keeps the stored choice while it is in the list', () => {
    expect(resolveActive([a, b], 'b', idOf)).toBe(b);
  });
  it('falls back to the only item when nothing valid is stored', () => {
    expect(resolveActive([a], null, idOf)).toBe(a);
    expect(resolveActive([a], 'gone', idOf)).toBe(a);
  });
  it('leaves the choice to the user among several', () => {
    expect(resolveActive([a, b], null, idOf)).toBeNull();
    expect(resolveActive([a, b], 'gone', idOf)).toBeNull();
    expect(resolveActive([], 'a', idOf)).toBeNull();
  });
});
