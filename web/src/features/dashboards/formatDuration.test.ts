import { describe, expect, it } from 'vitest';
import { formatDuration } from './formatDuration';
import { formatShortDuration } from './formatShortDuration';

describe('formatDuration', () => {
  it('shows hours and two-digit minutes, seconds dropped', () => {
    expect(formatDuration(0)).toBe('0h 00m');
    expect(formatDuration(59_999)).toBe('0h 00m');
    expect(formatDuration((7 * 60 + 5) * 60_000 + 30_000)).toBe('7h 05m');
  });
  it('rolls minutes over 59 into hours', () => {
    expect(formatDuration(60 * 60_000)).toBe('1h 00m');
    expect(formatDuration(125 * 3_600_000)).toBe('125h 00m');
  });
});

describe('formatShortDuration', () => {
  it('shows only the parts a duration has', () => {
    expect(formatShortDuration(0)).toBe('0h');
    expect(formatShortDuration(8 * 3_600_000)).toBe('8h');
    expect(formatShortDuration(90 * 60_000)).toBe('1h 30m');
    expect(formatShortDuration(12 * 60_000)).toBe('12m');
  });
});
