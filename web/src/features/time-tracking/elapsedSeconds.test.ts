import { describe, expect, it } from 'vitest';
import { elapsedSeconds } from './elapsedSeconds';

describe('elapsedSeconds', () => {
  const start = '2025-03-01T10:00:00.000Z';
  it('counts whole seconds since the start', () => {
    expect(elapsedSeconds(start, Date.parse(start) + 90_999)).toBe(90);
  });
  it('is clamped at 0 when the clock reads before the start', () => {
    expect(elapsedSeconds(start, Date.parse(start) - 1_500)).toBe(0);
  });
  it('is 0 for an unreadable start', () => {
    expect(elapsedSeconds('not a date', Date.now())).toBe(0);
  });
});
