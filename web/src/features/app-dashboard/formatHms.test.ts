import { describe, expect, it } from 'vitest';
import { formatHms } from './formatHms';

describe('an application dashboard duration', () => {
  it('shows hours, minutes and seconds, rounding down', () => {
    expect(formatHms(0)).toBe('0hrs 0mins 0secs');
    expect(formatHms(59_999)).toBe('0hrs 0mins 59secs');
    expect(formatHms(3_600_000 + 5 * 60_000 + 7_000)).toBe('1hrs 5mins 7secs');
    expect(formatHms(26 * 3_600_000)).toBe('26hrs 0mins 0secs');
  });
});
