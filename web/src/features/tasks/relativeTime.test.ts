import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

const now = new Date('2025-03-20T12:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it('says Just now under a minute, and for a time slightly in the future', () => {
    expect(relativeTime(now, now)).toBe('Just now');
    expect(relativeTime(before(59_999), now)).toBe('Just now');
    expect(relativeTime(before(-5_000), now)).toBe('Just now');
  });

  it('counts whole minutes, hours and days', () => {
    expect(relativeTime(before(MINUTE), now)).toBe('1m ago');
    expect(relativeTime(before(59 * MINUTE + 59_000), now)).toBe('59m ago');
    expect(relativeTime(before(HOUR), now)).toBe('1h ago');
    expect(relativeTime(before(23 * HOUR + 59 * MINUTE), now)).toBe('23h ago');
    expect(relativeTime(before(DAY), now)).toBe('1d ago');
    expect(relativeTime(before(7 * DAY - 1), now)).toBe('6d ago');
  });

  it('gives the date from 7 days on', () => {
    expect(relativeTime(before(7 * DAY), now, 'en-GB')).toBe('13 Mar 2025');
    expect(relativeTime('2024-12-01T10:00:00Z', now, 'en-GB')).toBe('1 Dec 2024');
  });

  it('reads ISO strings as the API sends them', () => {
    expect(relativeTime('2025-03-20T11:15:00.000Z', now)).toBe('45m ago');
  });

  it('says nothing for an unreadable time', () => {
    expect(relativeTime('not a time', now)).toBe('');
  });
});
