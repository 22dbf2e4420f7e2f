import type { Kysely } from 'kysely';
import type { LeaveCode } from '../../domain/attendance/day-status.ts';
import type { RecordedBalanceDay } from '../../domain/timesheets/events.ts';
import { dailyBalances, type DayBalance } from '../../domain/working-time/balance.ts';
import { accountDays } from '../../domain/working-time/ledger.ts';
import type { Contract } from '../../domain/working-time/targets.ts';
import { leaveDays } from '../attendance/queries.ts';
import type { Database } from '../database.ts';
import { joinDays } from '../organisation/queries.ts';
import { figuresBy, totalOf, unitFigures } from '../timelog/queries.ts';
import { approvedWorkingTime } from '../timesheets/queries.ts';
import { balanceEntriesOf, companyWorkingTime, contractsOf, holidaysOfPeople, personRegionsOf, type RecordedEntry, type ShownHoliday } from './queries.ts';

/*
 * Working time's public face for balances: the one place the read models
 * meet for an account, each read through its own queries (the time log's
 * worked time, the attendance days' leave, the timesheets' approved days, the
 * members' join days, and working time's rules, holidays, contracts and
 * entries). Apart from queries.ts, which attendance reads for holidays.
 */

/** One person's account: every day from when they joined to `through`, with its running balance; their contracts, holidays and entries. */
export interface PersonAccount {
  userId: string;
  from: string;
  days: DayBalance[];
  contracts: Contract[];
  /** Their own holiday region, when it is not the company's. */
  holidayRegion: string | null;
  holidays: ShownHoliday[];
  entries: RecordedEntry[];
}

/**
 * The working-time accounts of some people of a company, each from the day
 * they joined to `through` (the company's today), by the one target, worked
 * and balance rules (domain/working-time). Worked time is the time log's by
 * the accounting rule, so the balance agrees with every other page's minutes;
 * the days of an approved period count as they were approved.
 */
export async function workingTimeAccounts(
  db: Kysely<Database>,
  company: { companyId: string; timeZone: string },
  userIds: readonly string[],
  through: string,
  /** Counts from this day, for its days' figures alone (a balance needs the whole account). */
  since?: string,
): Promise<PersonAccount[]> {
  const { companyId } = company;
  if (userIds.length === 0) return [];
  const [rules, joined, contracts, regions, entries] = await Promise.all([
    companyWorkingTime(db, companyId),
    joinDays(db, companyId, userIds, company.timeZone),
    contractsOf(db, companyId, userIds),
    personRegionsOf(db, companyId, userIds),
    balanceEntriesOf(db, companyId, userIds),
  ]);
  if (since) for (const [userId, day] of joined) if (day < since) joined.set(userId, since);
  const people = userIds.filter((userId) => joined.has(userId));
  if (people.length === 0) return [];
  const from = [...joined.values()].reduce((earliest, day) => (day < earliest ? day : earliest));
  const [units, leave, holidaysOf, approved] = await Promise.all([
    unitFigures(db, companyId, { from, to: through }, { teams: null, userIds: people }),
    leaveDays(db, companyId, people, from, through),
    holidaysOfPeople(db, companyId, people, from, through),
    approvedWorkingTime(db, companyId, people),
  ]);
  // Each person's recorded days: approved leave, and the day's tracked time summed over its teams by the accounting rule.
  type Recorded = { trackedMinutes: number; idleMinutes: number; leave: LeaveCode | null };
  const recordedOf = new Map<string, Map<string, Recorded>>(people.map((userId) => [userId, new Map()]));
  for (const [userId, days] of leave) for (const [day, code] of days) recordedOf.get(userId)?.set(day, { trackedMinutes: 0, idleMinutes: 0, leave: code });
  for (const [key, dayUnits] of figuresBy(units, (unit) => `${unit.userId} ${unit.day}`)) {
    const [userId, day] = key.split(' ');
    const recorded = recordedOf.get(userId)!;
    const { trackedMinutes, idleMinutes } = totalOf(dayUnits);
    recorded.set(day, { trackedMinutes, idleMinutes, leave: recorded.get(day)?.leave ?? null });
  }

  return people.map((userId) => {
    const start = joined.get(userId)!;
    const holidays = holidaysOf.get(userId)!.filter((holiday) => holiday.day >= start);
    const personContracts = contracts.get(userId) ?? [];
    const personEntries = entries.get(userId) ?? [];
    const days = accountDays({
      from: start,
      through,
      company: { workingDays: rules.workingDays, dailyTargetMinutes: rules.dailyTargetMinutes },
      contracts: personContracts,
      holidays: new Map(holidays.map((holiday) => [holiday.day, holiday.name])),
      idleCounts: rules.idleCounts,
      recorded: recordedOf.get(userId)!,
      approved: approved.get(userId) ?? new Map(),
    });
    const balances = dailyBalances(days, personEntries.filter((entry) => entry.day >= start && entry.day <= through), {
      carryOverCapMinutes: rules.carryOverCapMinutes,
      overtimeExpiryMonths: rules.overtimeExpiryMonths,
    });
    return { userId, from: start, days: balances, contracts: personContracts, holidayRegion: regions.get(userId) ?? null, holidays, entries: personEntries };
  });
}

/** A period's days with their target and worked minutes by the rules of now, as an approval records them (TimesheetBalanceRecorded). */
export async function periodWorkingTime(db: Kysely<Database>, company: { companyId: string; timeZone: string }, userId: string, period: { start: string; end: string }): Promise<RecordedBalanceDay[]> {
  const [account] = await workingTimeAccounts(db, company, [userId], period.end, period.start);
  return (account?.days ?? []).filter((day) => day.day >= period.start).map(({ day, targetMinutes, workedMinutes }) => ({ day, targetMinutes, workedMinutes }));
}
