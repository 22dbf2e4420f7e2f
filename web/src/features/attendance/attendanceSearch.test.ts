import { describe, expect, it } from 'vitest';
import { attendanceSearch } from './attendanceSearch';

describe('attendanceSearch', () => {
  it('keeps a month and a person', () => {
    expect(attendanceSearch({ month: '2026-03', user: 'u1' })).toEqual({ month: '2026-03', user: 'u1' });
  });

  it('drops a month that is no month, so the current one shows', () => {
    expect(attendanceSearch({ month: '2026-13' })).toEqual({});
    expect(attendanceSearch({ month: '2026-3' })).toEqual({});
    expect(attendanceSearch({ month: 202603 })).toEqual({});
  });
});
