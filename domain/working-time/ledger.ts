import type { LeaveCode, Weekday } from '../attendance/day-status.ts';
import { eachDay } from '../shared/calendar-day.ts';
import type { BalanceDayFacts } from './balance.ts';
import { type CompanyTargets, type Contract, dayTargetMinutes, workedMinutes } from './targets.ts';

/** What one person's account is worked out from, day by day. */
export interface AccountFacts {
  /** The account's first and last day, YYYY-MM-DD. */
  from: string;
  through: string;
  company: CompanyTargets;
  contracts: readonly Contract[];
  /** The holidays where the person works, day → name. */
  holidays: ReadonlyMap<string, string>;
  idleCounts: boolean;
  /** The person's recorded days: tracked time by the accounting rule, its idle part, approved leave. */
  recorded: ReadonlyMap<string, { trackedMinutes: number; idleMinutes: number; leave: LeaveCode | null }>;
  /** The days of approved periods, as approved: they count as they are, whatever the rules say now. */
  approved: ReadonlyMap<string, { targetMinutes: number; workedMinutes: number }>;
}

const NOTHING = { trackedMinutes: 0, idleMinutes: 0, leave: null };

/** Every day of the account with its target and worked minutes, for the balance rule: an approved day's as approved. */
export function accountDays({ from, through, company, contracts, holidays, idleCounts, recorded, approved }: AccountFacts): BalanceDayFacts[] {
  return eachDay(from, through).map(({ day, weekday }) => {
    const asApproved = approved.get(day);
    if (asApproved) return { day, targetMinutes: asApproved.targetMinutes, workedMinutes: asApproved.workedMinutes };
    const targetMinutes = dayTargetMinutes(day, { company, contracts, holiday: holidays.has(day) }, weekday as Weekday);
    return { day, targetMinutes, workedMinutes: workedMinutes({ ...(recorded.get(day) ?? NOTHING), targetMinutes }, { idleCounts }) };
  });
}
