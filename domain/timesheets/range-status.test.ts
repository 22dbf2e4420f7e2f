import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from './periods.ts';
import { rangeTimesheetStatus } from './range-status.ts';

describe('the timesheet status of a range', () => {
  const march = { from: '2026-03-01', to: '2026-03-31' };
  const status = (today: string, statuses: [string, 'Approved' | 'Submitted' | 'Rejected'][]) => rangeTimesheetStatus(DEFAULT_SCHEDULE, march, today, new Map(statuses));

  it('is Approved when every period of the range that has ended is, else the earliest ended one’s', () => {
    // Weeks from Monday: 23 Feb–1 Mar, 2–8, 9–15; on 16 March the week of the 16th has not ended.
    expect(status('2026-03-16', [['2026-02-23', 'Approved'], ['2026-03-02', 'Approved'], ['2026-03-09', 'Approved']])).toBe('Approved');
    expect(status('2026-03-16', [['2026-02-23', 'Approved'], ['2026-03-02', 'Rejected'], ['2026-03-09', 'Submitted']])).toBe('Rejected');
    expect(status('2026-03-16', [['2026-02-23', 'Approved'], ['2026-03-09', 'Approved']])).toBe('Open');
  });

  it('is null while no period of the range has ended', () => {
    expect(rangeTimesheetStatus(DEFAULT_SCHEDULE, { from: '2026-03-10', to: '2026-03-12' }, '2026-03-12', new Map())).toBeNull();
  });
});
