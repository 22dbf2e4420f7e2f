import type { Kysely } from 'kysely';
import { type LeaveCode, LEAVE_STATUSES, type Weekday } from '../../domain/attendance/day-status.ts';
import { type BalanceEntry, dailyBalances, type DayBalance } from '../../domain/working-time/balance.ts';
import { DEFAULT_WORKING_TIME_RULES } from '../../domain/working-time/company-rules.ts';
import { type Holiday, type HolidayPlace, publicHolidaysBetween } from '../../domain/working-time/holidays.ts';
import { accountDays } from '../../domain/working-time/ledger.ts';
import type { Contract } from '../../domain/working-time/targets.ts';
import type { RecordedBalanceDay } from '../../domain/timesheets/events.ts';
import type { Database } from '../database.ts';
import { settingsOf } from '../settings/queries.ts';
import { figuresBy, totalOf, unitFigures } from '../timelog/queries.ts';

/** A company's working-time rules as they apply: the daily target is the threshold's until one is set. */
export interface CompanyWorkingTime {
  /** ISO code and name of the company's country, where its public holidays come from. */
  country: string;
  countryName: string;
  workingDays: Weekday[];
  dailyTargetMinutes: number;
  /** Whether the daily target follows the daily threshold (none set). */
  targetFollowsThreshold: boolean;
  holidayRegion: string | null;
  carryOverCapMinutes: number | null;
  overtimeExpiryMonths: number | null;
  idleCounts: boolean;
}

export async function companyWorkingTime(db: Kysely<Database>, companyId: string): Promise<CompanyWorkingTime> {
  const [row, settings, company] = await Promise.all([
    db.selectFrom('working_time_rules').selectAll().where('company_id', '=', companyId).executeTakeFirst(),
    settingsOf(db, companyId),
    db.selectFrom('companies').select(['location_code', 'location_country']).where('company_id', '=', companyId).executeTakeFirst(),
  ]);
  const defaults = DEFAULT_WORKING_TIME_RULES;
  const target = row?.daily_target_minutes ?? null;
  return {
    // A company the read model does not hold (yet) has no public holidays.
    country: company?.location_code ?? '',
    countryName: company?.location_country ?? '',
    workingDays: (row?.working_days ?? [...defaults.workingDays]) as Weekday[],
    dailyTargetMinutes: target ?? settings.dailyThresholdMinutes,
    targetFollowsThreshold: target === null,
    holidayRegion: row ? row.holiday_region : defaults.holidayRegion,
    carryOverCapMinutes: row ? row.carry_over_cap_minutes : defaults.balance.carryOverCapMinutes,
    overtimeExpiryMonths: row ? row.overtime_expiry_months : defaults.balance.overtimeExpiryMonths,
    idleCounts: row ? row.idle_counts : defaults.balance.idleCounts,
  };
}

/** A holiday as the pages show it: public (by law, where the person works) or the company's own. */
export interface ShownHoliday extends Holiday {
  kind: 'public' | 'company';
}

/** The company's own holidays from one day to another. */
export async function companyHolidays(db: Kysely<Database>, companyId: string, from: string, to: string): Promise<Holiday[]> {
  return db.selectFrom('company_holidays').select(['day', 'name']).where('company_id', '=', companyId).where('day', '>=', from).where('day', '<=', to).orderBy('day').execute();
}

/** The holidays at a place from one day to another, the company's own with them; a day that is both shows the company's name. */
export function holidaysAt(place: HolidayPlace, own: readonly Holiday[], from: string, to: string): ShownHoliday[] {
  const byDay = new Map<string, ShownHoliday>();
  for (const holiday of publicHolidaysBetween(place, from, to)) byDay.set(holiday.day, { ...holiday, kind: 'public' });
  for (const holiday of own) byDay.set(holiday.day, { ...holiday, kind: 'company' });
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}

/** Each person's contracts, in order of their first day. */
export async function contractsOf(db: Kysely<Database>, companyId: string, userIds: readonly string[]): Promise<Map<string, Contract[]>> {
  const byPerson = new Map<string, Contract[]>(userIds.map((userId) => [userId, []]));
  if (userIds.length === 0) return byPerson;
  const rows = await db.selectFrom('working_time_contracts').selectAll().where('company_id', '=', companyId).where('user_id', 'in', userIds).orderBy('from_day').execute();
  for (const row of rows) byPerson.get(row.user_id)?.push({ from: row.from_day, until: row.until_day, weekdayMinutes: row.weekday_minutes });
  return byPerson;
}

/** Each person's own holiday region, where they have one. */
export async function personRegionsOf(db: Kysely<Database>, companyId: string, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('working_time_regions').select(['user_id', 'region']).where('company_id', '=', companyId).where('user_id', 'in', userIds).execute();
  return new Map(rows.map((row) => [row.user_id, row.region]));
}

/**
 * Each person's holidays from one day to another, in day order: the public
 * ones of their own region, else of the company's (its country's at least),
 * and the company's own. The one source of holidays for every page.
 */
export async function holidaysOfPeople(db: Kysely<Database>, companyId: string, userIds: readonly string[], from: string, to: string): Promise<Map<string, ShownHoliday[]>> {
  const [rules, own, regions] = await Promise.all([companyWorkingTime(db, companyId), companyHolidays(db, companyId, from, to), personRegionsOf(db, companyId, userIds)]);
  const byRegion = new Map<string | null, ShownHoliday[]>();
  const holidaysIn = (region: string | null) => {
    let holidays = byRegion.get(region);
    if (!holidays) byRegion.set(region, (holidays = holidaysAt({ country: rules.country, region }, own, from, to)));
    return holidays;
  };
  return new Map(userIds.map((userId) => [userId, holidaysIn(regions.get(userId) ?? rules.holidayRegion)]));
}

/** A correction or payout as the page lists it. */
export interface RecordedEntry extends BalanceEntry {
  reason: string;
  byName: string;
  at: string;
}

/** Each person's corrections and payouts, in the order they were recorded. */
export async function balanceEntriesOf(db: Kysely<Database>, companyId: string, userIds: readonly string[]): Promise<Map<string, RecordedEntry[]>> {
  const byPerson = new Map<string, RecordedEntry[]>(userIds.map((userId) => [userId, []]));
  if (userIds.length === 0) return byPerson;
  const rows = await db.selectFrom('working_time_entries').selectAll().where('company_id', '=', companyId).where('user_id', 'in', userIds).orderBy('version').execute();
  for (const row of rows) byPerson.get(row.user_id)?.push({ day: row.day, kind: row.kind, minutes: row.minutes, reason: row.reason, byName: row.by_name, at: row.at.toISOString() });
  return byPerson;
}

/** When each person joined the company, as a day in the company's zone: where their account starts. */
async function joinDays(db: Kysely<Database>, companyId: string, userIds: readonly string[], timeZone: string): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('company_members').select(['user_id', 'joined_at']).where('company_id', '=', companyId).where('user_id', 'in', userIds).execute();
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return new Map(rows.map((row) => [row.user_id, day.format(row.joined_at)]));
}

/** Each person's approved leave by day, from one day to another. */
async function leaveDays(db: Kysely<Database>, companyId: string, userIds: readonly string[], from: string, to: string): Promise<Map<string, Map<string, LeaveCode>>> {
  const rows = await db
    .selectFrom('attendance_days')
    .select(['user_id', 'day', 'leave_code'])
    .where('company_id', '=', companyId)
    .where('user_id', 'in', userIds)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('leave_code', 'is not', null)
    .execute();
  const byPerson = new Map<string, Map<string, LeaveCode>>();
  for (const row of rows) {
    if (!row.leave_code || !Object.hasOwn(LEAVE_STATUSES, row.leave_code)) continue;
    const days = byPerson.get(row.user_id) ?? new Map<string, LeaveCode>();
    days.set(row.day, row.leave_code as LeaveCode);
    byPerson.set(row.user_id, days);
  }
  return byPerson;
}

/** Each person's days of approved periods as approved (TimesheetBalanceRecorded): day → target and worked minutes. */
async function approvedDays(db: Kysely<Database>, companyId: string, userIds: readonly string[]): Promise<Map<string, Map<string, RecordedBalanceDay>>> {
  const rows = await db
    .selectFrom('timesheets')
    .select(['user_id', 'working_time'])
    .where('company_id', '=', companyId)
    .where('user_id', 'in', userIds)
    .where('status', '=', 'Approved')
    .where('working_time', 'is not', null)
    .execute();
  const byPerson = new Map<string, Map<string, RecordedBalanceDay>>();
  for (const row of rows) {
    const days = byPerson.get(row.user_id) ?? new Map<string, RecordedBalanceDay>();
    for (const day of row.working_time ?? []) days.set(day.day, day);
    byPerson.set(row.user_id, days);
  }
  return byPerson;
}

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
  const people = userIds.filter((userId) => joined.has(userId));
  if (people.length === 0) return [];
  const from = [...joined.values()].reduce((earliest, day) => (day < earliest ? day : earliest));
  const [units, leave, holidaysOf, approved] = await Promise.all([
    unitFigures(db, companyId, { from, to: through }, { teams: null, userIds: people }),
    leaveDays(db, companyId, people, from, through),
    holidaysOfPeople(db, companyId, people, from, through),
    approvedDays(db, companyId, people),
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
  const [account] = await workingTimeAccounts(db, company, [userId], period.end);
  return (account?.days ?? []).filter((day) => day.day >= period.start).map(({ day, targetMinutes, workedMinutes }) => ({ day, targetMinutes, workedMinutes }));
}
