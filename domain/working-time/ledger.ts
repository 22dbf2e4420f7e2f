import type { LeaveCode } from '../attendance/day-status.ts';
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
  const days: BalanceDayFacts[] = [];
  for (const date = new Date(`${from}T00:00:00Z`); ; date.setUTCDate(date.getUTCDate() + 1)) {
    const day = date.toISOString().slice(0, 10);
    if (day > through) return days;
    const asApproved = approved.get(day);
    if (asApproved) {
      days.push({ day, targetMinutes: asApproved.targetMinutes, workedMinutes: asApproved.workedMinutes });
      continue;
    }
    const targetMinutes = dayTargetMinutes(day, { company, contracts, holiday: holidays.has(day) });
    days.push({ day, targetMinutes, workedMinutes: workedMinutes({ ...(recorded.get(day) ?? NOTHING), targetMinutes }, { idleCounts }) });
  }
}
