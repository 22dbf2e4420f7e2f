import { describe, expect, it } from 'vitest';
import { truncateName } from './truncateName';

describe('truncateName', () => {
  it('keeps short names whole and cuts long ones with an ellipsis', () => {
    expect(truncateName('Website', 25)).toBe('Website');
    expect(truncateName('x'.repeat(25), 25)).toBe('x'.repeat(25));
    expect(truncateName('Customer portal redesign phase 2', 25)).toBe('Customer portal redesign…');
    expect(truncateName('Fix the login redirect loop', 20)).toBe('Fix the login redire…');
  });
  it('counts an emoji as one character', () => {
    expect(truncateName('🚀🚀🚀', 2)).toBe('🚀🚀…');
  });
});
