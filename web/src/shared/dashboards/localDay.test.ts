import { describe, expect, it } from 'vitest';
import { localDay } from './localDay';

describe('localDay', () => {
  it('reads the day of the local calendar, not of UTC', () => {
    expect(localDay(new Date(2025, 0, 5, 0, 30))).toBe('2025-01-05');
    expect(localDay(new Date(2025, 11, 31, 23, 59))).toBe('2025-12-31');
  });
});
