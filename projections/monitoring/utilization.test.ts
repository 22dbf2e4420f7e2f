import { describe, expect, it } from 'vitest';
import { DEFAULT_WORK_RULES } from '../../domain/attendance/day-status.ts';
import { utilizationPercent, workingDaysSoFar } from './utilization.ts';

const HOUR = 60;

describe('utilization', () => {
  it('counts the working days of the range that have begun, today included', () => {
    // Monday 2 March to Sunday 15 March 2026.
    const range = { from: '2026-03-02', to: '2026-03-15' };
    expect(workingDaysSoFar(range, '2026-03-20', DEFAULT_WORK_RULES)).toBe(10);
    expect(workingDaysSoFar(range, '2026-03-04', DEFAULT_WORK_RULES)).toBe(3);
    expect(workingDaysSoFar(range, '2026-03-01', DEFAULT_WORK_RULES)).toBe(0);
    expect(workingDaysSoFar({ from: '2026-03-07', to: '2026-03-08' }, '2026-03-20', DEFAULT_WORK_RULES)).toBe(0);
    expect(workingDaysSoFar(range, '2026-03-20', { ...DEFAULT_WORK_RULES, workingDays: [1, 2, 3, 4, 5, 6] })).toBe(12);
  });

  it('is tracked time over the threshold times working days times people, to a tenth of a percent', () => {
    expect(utilizationPercent(20 * HOUR, { workingDays: 5, dailyThresholdMinutes: 8 * HOUR, people: 1 })).toBe(50);
    expect(utilizationPercent(20 * HOUR, { workingDays: 5, dailyThresholdMinutes: 8 * HOUR, people: 2 })).toBe(25);
    expect(utilizationPercent(1 * HOUR, { workingDays: 3, dailyThresholdMinutes: 8 * HOUR, people: 1 })).toBe(4.2);
    expect(utilizationPercent(50 * HOUR, { workingDays: 5, dailyThresholdMinutes: 8 * HOUR, people: 1 })).toBe(125);
    expect(utilizationPercent(3 * HOUR, { workingDays: 0, dailyThresholdMinutes: 8 * HOUR, people: 1 })).toBeNull();
    expect(utilizationPercent(0, { workingDays: 5, dailyThresholdMinutes: 8 * HOUR, people: 0 })).toBeNull();
  });
});
