import type { Kysely } from 'kysely';
import type { Weekday } from '../../domain/attendance/day-status.ts';
import type { BalanceEntry } from '../../domain/working-time/balance.ts';
import { DEFAULT_WORKING_TIME_RULES } from '../../domain/working-time/company-rules.ts';
import { type Holiday, type HolidayPlace, publicHolidaysBetween } from '../../domain/working-time/holidays.ts';
import type { Contract } from '../../domain/working-time/targets.ts';
import type { Database } from '../database.ts';
import { settingsOf } from '../settings/queries.ts';
import { companyLocation } from '../organisation/queries.ts';

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
    companyLocation(db, companyId),
  ]);
  const defaults = DEFAULT_WORKING_TIME_RULES;
  const target = row?.daily_target_minutes ?? null;
  return {
    // A company the read model does not hold (yet) has no public holidays.
    country: company?.code ?? '',
    countryName: company?.country ?? '',
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
  return holidaysWhereTheyWork(rules, own, regions, userIds, from, to);
}

/** The same from what was read: the company's rules and own holidays over the days, and its people's regions. */
export function holidaysWhereTheyWork(
  rules: CompanyWorkingTime,
  own: readonly Holiday[],
  regions: ReadonlyMap<string, string>,
  userIds: readonly string[],
  from: string,
  to: string,
): Map<string, ShownHoliday[]> {
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
