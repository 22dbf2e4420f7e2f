import { describe, expect, it } from 'vitest';
import { formatDollars } from './formatDollars';

describe('formatDollars', () => {
  it('shows cents as dollars with 2 decimals', () => {
    expect(formatDollars(0)).toBe('0.00');
    expect(formatDollars(5)).toBe('0.05');
    expect(formatDollars(123_456_78)).toBe('123,456.78');
  });
});
