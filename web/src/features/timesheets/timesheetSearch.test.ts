import { describe, expect, it } from 'vitest';
import { timesheetSearch } from './timesheetSearch';

describe('the timesheet page’s search', () => {
  it('keeps a well-formed day and the person, and drops the rest', () => {
    expect(timesheetSearch({ day: '2026-03-04', user: 'u1', other: 'x' })).toEqual({ day: '2026-03-04', user: 'u1' });
    expect(timesheetSearch({ day: '2026-13-04' })).toEqual({});
    expect(timesheetSearch({ day: '' })).toEqual({});
  });
});
