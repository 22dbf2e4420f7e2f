import { describe, expect, it } from 'vitest';
import { formatHoursMinutes } from './formatHoursMinutes';

describe('formatHoursMinutes', () => {
  it('shows h:mm, rounding seconds down', () => {
    expect(formatHoursMinutes(0)).toBe('0:00');
    expect(formatHoursMinutes(119)).toBe('0:01');
    expect(formatHoursMinutes(2 * 3_600 + 7 * 60 + 30)).toBe('2:07');
  });
});
