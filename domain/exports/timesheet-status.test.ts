import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from '../timesheets/periods.ts';
import { timesheetStatusOfDay } from './timesheet-status.ts';

describe('the timesheet status of a day', () => {
  it('is that of the period holding it, else Open', () => {
    const statusOf = timesheetStatusOfDay(DEFAULT_SCHEDULE, new Map([['2026-03-02', 'Approved' as const], ['2026-03-09', 'Rejected' as const]]));
    expect(['2026-03-01', '2026-03-02', '2026-03-08', '2026-03-09', '2026-03-15', '2026-03-16'].map(statusOf)).toEqual(['Open', 'Approved', 'Approved', 'Rejected', 'Rejected', 'Open']);
  });
});
