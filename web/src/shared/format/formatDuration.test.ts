import { describe, expect, it } from 'vitest';
import { formatDuration } from './formatDuration';

describe('formatDuration', () => {
  it('shows whole minutes as hours and two-digit minutes', () => {
    expect(formatDuration(0)).toBe('0h 00m');
    expect(formatDuration(5)).toBe('0h 05m');
    expect(formatDuration(7 * 60 + 5)).toBe('7h 05m');
  });
  it('rolls minutes over 59 into hours', () => {
    expect(formatDuration(60)).toBe('1h 00m');
    expect(formatDuration(125 * 60)).toBe('125h 00m');
  });
  it('shows no part of a minute and nothing below zero', () => {
    expect(formatDuration(59.9)).toBe('0h 59m');
    expect(formatDuration(-3)).toBe('0h 00m');
  });
});
