import type { Kysely } from 'kysely';
import type { LeaveCode } from '../../domain/attendance/day-status.ts';
import { daysAfter } from '../../domain/shared/calendar-day.ts';
import type { RecordedBalanceDay } from '../../domain/timesheets/events.ts';
import type { LogPosition } from '../../eventstore/types.ts';
import { type AccountState, balancesFrom, type DayBalance, monthOf, OPENING_STATE } from '../../domain/working-time/balance.ts';
import { accountDays } from '../../domain/working-time/ledger.ts';
import type { Contract } from '../../domain/working-time/targets.ts';
import { leaveDays } from '../attendance/queries.ts';
import type { Database } from '../database.ts';
import { joinDays } from '../organisation/queries.ts';
import { dayMinutes } from '../timelog/queries.ts';
import { approvedWorkingTime } from '../timesheets/queries.ts';
import { ACCOUNT_SOURCES } from './balances.ts';
import { type KeptBalance, keepBalances, keptBalances } from './kept-balances.ts';
import { balanceEntriesOf, companyHolidays, companyWorkingTime, contractsOf, holidaysWhereTheyWork, personRegionsOf, type RecordedEntry, type ShownHoliday } from './queries.ts';

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

/** Where accounts start other than at each person's first day. */
interface AccountOptions {
  /** Counts from this day, for its days' figures alone (a balance needs the whole account). */
  since?: string;
  /** Carries each of these people's account on from where it was kept, rather than from their first day. */
  kept?: ReadonlyMap<string, KeptBalance>;
}

/**
 * The working-time accounts of some people of a company, each from the day
 * they joined (or where it was kept) to `through` (the company's today), by
 * the one target, worked and balance rules (domain/working-time). Worked time
 * is the time log's by the accounting rule, so the balance agrees with every
 * other page's minutes; the days of an approved period count as they were
 * approved. With `keepThrough`, each account that runs past that day also
 * tells where it stood after it.
 */
export async function workingTimeAccounts(
  db: Kysely<Database>,
  company: { companyId: string; timeZone: string },
  userIds: readonly string[],
  through: string,
  { since, kept }: AccountOptions = {},
  keepThrough?: string,
): Promise<(PersonAccount & { stateAtKeep?: AccountState })[]> {
  const { companyId } = company;
  if (userIds.length === 0) return [];
  const recordedFrom = (from: string, people: readonly string[]) =>
    Promise.all([
      dayMinutes(db, companyId, people, { from, to: through }),
      leaveDays(db, companyId, people, from, through),
      companyHolidays(db, companyId, from, through),
      approvedWorkingTime(db, companyId, people, { from, to: through }),
    ]);
  // Carried on from kept balances, the days to read are known at once: read beside the people's rules.
  const keptFrom = kept && userIds.every((userId) => kept.has(userId)) ? daysAfter(userIds.map((userId) => kept.get(userId)!.throughDay).reduce((a, b) => (b < a ? b : a)), 1) : null;
  const early = keptFrom ? recordedFrom(keptFrom, userIds) : null;
  early?.catch(() => undefined);
  const [rules, joined, contracts, regions, entries] = await Promise.all([
    companyWorkingTime(db, companyId),
    joinDays(db, companyId, userIds, company.timeZone),
    contractsOf(db, companyId, userIds),
    personRegionsOf(db, companyId, userIds),
    balanceEntriesOf(db, companyId, userIds),
  ]);
  // Each person's first day counted, and where their balance stood before it.
  const starts = new Map<string, { from: string; opening: AccountState }>();
  for (const [userId, joinDay] of joined) {
    const keptBalance = kept?.get(userId);
    if (keptBalance && keptBalance.throughDay >= joinDay && keptBalance.throughDay < through) starts.set(userId, { from: daysAfter(keptBalance.throughDay, 1), opening: keptBalance.state });
    else starts.set(userId, { from: since && joinDay < since ? since : joinDay, opening: OPENING_STATE });
  }
  const people = userIds.filter((userId) => starts.has(userId));
  if (people.length === 0) return [];
  const from = [...starts.values()].reduce((earliest, start) => (start.from < earliest ? start.from : earliest), through);
  const [worked, leave, ownHolidays, approved] = await (early && keptFrom && keptFrom <= from ? early : recordedFrom(from, people));
  const holidaysOf = holidaysWhereTheyWork(rules, ownHolidays, regions, people, from, through);
  // Each person's recorded days: approved leave, and the day's tracked time summed over its teams by the accounting rule.
  type Recorded = { trackedMinutes: number; idleMinutes: number; leave: LeaveCode | null };
  const recordedOf = new Map<string, Map<string, Recorded>>(people.map((userId) => [userId, new Map()]));
  for (const [userId, days] of leave) for (const [day, code] of days) recordedOf.get(userId)?.set(day, { trackedMinutes: 0, idleMinutes: 0, leave: code });
  for (const { userId, day, trackedMinutes, idleMinutes } of worked) {
    const recorded = recordedOf.get(userId);
    recorded?.set(day, { trackedMinutes, idleMinutes, leave: recorded.get(day)?.leave ?? null });
  }
  const balanceRules = { carryOverCapMinutes: rules.carryOverCapMinutes, overtimeExpiryMonths: rules.overtimeExpiryMonths };

  return people.map((userId) => {
    const { from: start, opening } = starts.get(userId)!;
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
    const counted = personEntries.filter((entry) => entry.day >= start && entry.day <= through);
    // Run in two parts where a state is to be kept: the balance rule carries on from a state exactly as it runs through.
    const keepAt = keepThrough !== undefined && keepThrough >= start && keepThrough < through ? keepThrough : null;
    const cut = keepAt ? days.findIndex((day) => day.day > keepAt) : 0;
    const before = balancesFrom(opening, days.slice(0, cut), keepAt ? counted.filter((entry) => entry.day <= keepAt) : [], balanceRules);
    const after = balancesFrom(before.closing, days.slice(cut), keepAt ? counted.filter((entry) => entry.day > keepAt) : counted, balanceRules);
    return {
      userId,
      from: start,
      days: [...before.days, ...after.days],
      contracts: personContracts,
      holidayRegion: regions.get(userId) ?? null,
      holidays,
      entries: personEntries,
      ...(keepAt ? { stateAtKeep: before.closing } : {}),
    };
  });
}

/** A person's balance today, and this month's target and worked time. */
export interface CurrentBalance {
  userId: string;
  balanceMinutes: number;
  monthTargetMinutes: number;
  monthWorkedMinutes: number;
}

/**
 * The balances of some people today (`today`, the company's), as their whole
 * accounts give them, each carried on from where it was kept at the end of a
 * past day; each account is kept again at the end of yesterday, with the
 * month's figures so far, so the next read works out today alone. A change
 * drops what it reaches back to (projections/working-time/balances.ts), so
 * a kept balance is never stale.
 */
export async function currentBalances(
  db: Kysely<Database>,
  company: { companyId: string; timeZone: string },
  userIds: readonly string[],
  today: string,
  /** Where the named read models have all read to (the API's ReadModelWatcher); null while unknown: nothing is kept. */
  reachedBy: (projections: readonly string[]) => LogPosition | null,
): Promise<CurrentBalance[]> {
  // Asked before anything is read: what is read afterwards holds every event up to it.
  const position = reachedBy(ACCOUNT_SOURCES);
  const kept = await keptBalances(db, company.companyId, userIds);
  const yesterday = daysAfter(today, -1);
  const [fromKept, fromStart] = await Promise.all([
    workingTimeAccounts(db, company, userIds.filter((userId) => kept.has(userId)), today, { kept }, yesterday),
    workingTimeAccounts(db, company, userIds.filter((userId) => !kept.has(userId)), today, {}, yesterday),
  ]);
  const accounts = [...fromKept, ...fromStart];
  /** A month's target and worked minutes through a day: what was kept of it, and the account's days since. */
  const monthThrough = (account: (typeof accounts)[number], day: string) => {
    const keptBalance = kept.get(account.userId);
    const carried = keptBalance && account.from === daysAfter(keptBalance.throughDay, 1) && monthOf(keptBalance.throughDay) === monthOf(day) ? keptBalance : null;
    const days = account.days.filter((balance) => monthOf(balance.day) === monthOf(day) && balance.day <= day);
    return {
      monthTargetMinutes: (carried?.monthTargetMinutes ?? 0) + days.reduce((sum, balance) => sum + balance.targetMinutes, 0),
      monthWorkedMinutes: (carried?.monthWorkedMinutes ?? 0) + days.reduce((sum, balance) => sum + balance.workedMinutes, 0),
    };
  };
  if (position) {
    const toKeep = accounts.flatMap((account) => (account.stateAtKeep ? [{ userId: account.userId, throughDay: yesterday, state: account.stateAtKeep, ...monthThrough(account, yesterday) }] : []));
    await keepBalances(db, company.companyId, position, toKeep);
  }
  return accounts.map((account) => ({ userId: account.userId, balanceMinutes: account.days.at(-1)?.balanceMinutes ?? 0, ...monthThrough(account, today) }));
}

/** A period's days with their target and worked minutes by the rules of now, as an approval records them (TimesheetBalanceRecorded). */
export async function periodWorkingTime(db: Kysely<Database>, company: { companyId: string; timeZone: string }, userId: string, period: { start: string; end: string }): Promise<RecordedBalanceDay[]> {
  const [account] = await workingTimeAccounts(db, company, [userId], period.end, { since: period.start });
  return (account?.days ?? []).filter((day) => day.day >= period.start).map(({ day, targetMinutes, workedMinutes }) => ({ day, targetMinutes, workedMinutes }));
}
