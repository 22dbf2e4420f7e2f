import { describe, expect, it } from 'vitest';
import { formatShotTime } from './formatShotTime';

describe('formatShotTime', () => {
  it('shows the time where the screenshot was taken', () => {
    expect(formatShotTime('2026-03-10T04:59:05.000Z', 'Asia/Kolkata')).toBe('Tue, Mar 10, 2026, 10:29:05');
    expect(formatShotTime('2026-03-10T04:59:05.000Z', 'America/New_York')).toBe('Tue, Mar 10, 2026, 00:59:05');
  });
});
