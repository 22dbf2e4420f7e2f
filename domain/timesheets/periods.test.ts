import { describe, expect, it } from 'vitest';
import { daysOf, DEFAULT_SCHEDULE, isPeriodStart, nextPeriod, type PeriodSchedule, periodOf, previousPeriod, withRuleFromNextPeriod } from './periods.ts';

const only = (rule: PeriodSchedule[number]['rule']): PeriodSchedule => [{ from: null, rule }];

describe('timesheet periods', () => {
  it('cuts weeks from their start day, Monday by default', () => {
    // 2026-11-27 is a Friday.
    expect(periodOf(DEFAULT_SCHEDULE, '2026-11-27')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(periodOf(only({ kind: 'weekly', startDay: 7 }), '2026-11-27')).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(periodOf(only({ kind: 'weekly', startDay: 5 }), '2026-11-27')).toEqual({ start: '2026-11-27', end: '2026-12-03' });
  });

  it('cuts pairs of weeks that follow each other without a gap, across a year', () => {
    const schedule = only({ kind: 'biweekly', startDay: 1 });
    const first = periodOf(schedule, '2026-12-20');
    expect(daysOf(first)).toHaveLength(14);
    const second = nextPeriod(schedule, first);
    expect(second.start > first.end).toBe(true);
    expect(daysOf(second)).toHaveLength(14);
    expect(previousPeriod(schedule, second)).toEqual(first);
    // Every day of both lies in the period that holds it.
    for (const period of [first, second]) for (const day of daysOf(period)) expect(periodOf(schedule, day)).toEqual(period);
  });

  it('halves a month at the 15th and ends the second half on its last day, 28 February too', () => {
    const schedule = only({ kind: 'semimonthly' });
    expect(periodOf(schedule, '2027-02-15')).toEqual({ start: '2027-02-01', end: '2027-02-15' });
    expect(periodOf(schedule, '2027-02-16')).toEqual({ start: '2027-02-16', end: '2027-02-28' });
    expect(periodOf(schedule, '2028-02-29')).toEqual({ start: '2028-02-16', end: '2028-02-29' });
  });

  it('takes whole months', () => {
    expect(periodOf(only({ kind: 'monthly' }), '2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('applies a change from the next period, with one shorter period where the rules meet', () => {
    // Weekly from Monday; on Friday 2026-11-27 the company moves to months.
    const changed = withRuleFromNextPeriod(DEFAULT_SCHEDULE, { kind: 'monthly' }, '2026-11-27');
    expect(changed.at(-1)).toEqual({ from: '2026-11-30', rule: { kind: 'monthly' } });
    // The current week is untouched, and so is every earlier one.
    expect(periodOf(changed, '2026-11-27')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(periodOf(changed, '2026-01-07')).toEqual(periodOf(DEFAULT_SCHEDULE, '2026-01-07'));
    // November's last day is a period of its own; then whole months.
    expect(periodOf(changed, '2026-11-30')).toEqual({ start: '2026-11-30', end: '2026-11-30' });
    expect(periodOf(changed, '2026-12-10')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(previousPeriod(changed, { start: '2026-11-30', end: '2026-11-30' })).toEqual({ start: '2026-11-23', end: '2026-11-29' });
  });

  it('lets a second change before the next period replace the first', () => {
    const once = withRuleFromNextPeriod(DEFAULT_SCHEDULE, { kind: 'monthly' }, '2026-11-27');
    const twice = withRuleFromNextPeriod(once, { kind: 'weekly', startDay: 3 }, '2026-11-28');
    expect(twice).toEqual([...DEFAULT_SCHEDULE, { from: '2026-11-30', rule: { kind: 'weekly', startDay: 3 } }]);
    // A Monday start meets a Wednesday start: Monday and Tuesday make a short period.
    expect(periodOf(twice, '2026-11-30')).toEqual({ start: '2026-11-30', end: '2026-12-01' });
    expect(periodOf(twice, '2026-12-02')).toEqual({ start: '2026-12-02', end: '2026-12-08' });
  });

  it('takes back a change before it applies by choosing the rule in force again', () => {
    const once = withRuleFromNextPeriod(DEFAULT_SCHEDULE, { kind: 'monthly' }, '2026-11-27');
    expect(withRuleFromNextPeriod(once, { kind: 'weekly', startDay: 1 }, '2026-11-28')).toEqual(DEFAULT_SCHEDULE);
    expect(withRuleFromNextPeriod(DEFAULT_SCHEDULE, { kind: 'weekly', startDay: 1 }, '2026-11-28')).toEqual(DEFAULT_SCHEDULE);
  });

  it('leaves no gap and no overlap over years of changes', () => {
    let schedule: PeriodSchedule = DEFAULT_SCHEDULE;
    schedule = withRuleFromNextPeriod(schedule, { kind: 'biweekly', startDay: 4 }, '2024-03-13');
    schedule = withRuleFromNextPeriod(schedule, { kind: 'semimonthly' }, '2024-09-02');
    schedule = withRuleFromNextPeriod(schedule, { kind: 'monthly' }, '2025-05-20');
    schedule = withRuleFromNextPeriod(schedule, { kind: 'weekly', startDay: 6 }, '2025-12-31');
    let period = periodOf(schedule, '2023-01-01');
    expect(period.start).toBe('2023-01-01');
    while (period.start < '2027-01-01') {
      for (const day of daysOf(period)) expect(periodOf(schedule, day)).toEqual(period);
      expect(isPeriodStart(schedule, period.start)).toBe(true);
      const next = nextPeriod(schedule, period);
      expect(previousPeriod(schedule, next)).toEqual(period);
      period = next;
    }
  });

  it('starts nothing before the product’s first year', () => {
    expect(periodOf(DEFAULT_SCHEDULE, '2023-01-01')).toEqual({ start: '2023-01-01', end: '2023-01-01' });
    expect(previousPeriod(DEFAULT_SCHEDULE, { start: '2023-01-01', end: '2023-01-01' })).toBeNull();
  });
});
