import { describe, expect, it } from 'vitest';
import { clockOffset } from './clockOffset';

describe('clockOffset', () => {
  it('compares the server time with the middle of the round trip', () => {
    // Sent at 1000, answered at 1400: the server read its clock around 1200 local time.
    expect(clockOffset(6_200, 1_000, 1_400)).toBe(5_000);
    expect(clockOffset(1_150, 1_000, 1_400)).toBe(-50);
  });
});
