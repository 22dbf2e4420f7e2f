import type { Kysely } from 'kysely';
import { breakMs, teamTotals } from '../../domain/app-usage/application-day.ts';
import { DEFAULT_APPS, defaultCategory } from '../../domain/app-usage/categories.ts';
import type { AppCategory } from '../../domain/app-usage/events.ts';
import type { AppCategoryList, AppDayTotals, ApplicationOpeningDay, ApplicationTime, PersonApplicationDay, TeamApplicationDay } from '../../domain/app-usage/views.ts';
import { localDay } from '../../domain/time-tracking/local-days.ts';
import { namesOf, type TeamView, teamViewPeople } from '../dashboards/queries.ts';
import type { Database } from '../database.ts';
import { figuresBy, totalOf, unitFigures } from '../timelog/queries.ts';
import { categoryOf, type UnproductiveScope } from './unproductive.ts';

/** The applications in front during a day, with their category as the company has it now, most active time first. */
async function applicationsOn(db: Kysely<Database>, companyId: string, day: string, { teams, userId }: UnproductiveScope): Promise<ApplicationTime[]> {
  if (teams?.length === 0) return [];
  const rows = await db
    .selectFrom('app_usage_days as u')
    .select((eb) => ['u.app_key', categoryOf(companyId).as('category'), eb.fn.max('u.application').as('application'), eb.fn.sum<string>('u.active_ms').as('active'), eb.fn.sum<string>('u.idle_ms').as('idle')])
    .where('u.company_id', '=', companyId)
    .where('u.day', '=', day)
    .$if(teams !== null, (qb) => qb.where('u.team_id', 'in', teams!))
    .$if(userId !== undefined, (qb) => qb.where('u.user_id', '=', userId!))
    .groupBy('u.app_key')
    .execute();
  return rows
    .map((row) => ({
      application: DEFAULT_APPS.get(row.app_key)?.application ?? row.application,
      category: row.category,
      activeMs: Number(row.active),
      idleMs: Number(row.idle),
    }))
    .sort((a, b) => b.activeMs - a.activeMs || b.idleMs - a.idleMs || a.application.localeCompare(b.application));
}

/** Each person's day: their time as the time log's units sum it (of the teams' time), their break and punches, by user id. */
async function peopleDays(db: Kysely<Database>, companyId: string, day: string, { teams, userId }: UnproductiveScope, userIds: readonly string[]) {
  const [units, attendance] = await Promise.all([
    unitFigures(db, companyId, { from: day, to: day }, { teams, userIds: userId === undefined ? undefined : [userId] }),
    userIds.length === 0
      ? []
      : db
          .selectFrom('attendance_days')
          .select(['user_id', 'time_zone', 'pairs', 'check_in', 'check_out', 'open_in'])
          .where('company_id', '=', companyId)
          .where('day', '=', day)
          .where('user_id', 'in', userIds)
          .execute(),
  ]);
  const byUser = figuresBy(units, (unit) => unit.userId);
  const attendanceBy = new Map(attendance.map((r) => [r.user_id, r]));
  return new Map(
    [...new Set([...userIds, ...byUser.keys()])].map((id) => {
      const punched = attendanceBy.get(id);
      const { trackedMinutes, idleMinutes, unproductiveMinutes, productiveMinutes } = totalOf(byUser.get(id) ?? []);
      const totals: AppDayTotals = {
        trackedMinutes,
        idleMinutes,
        unproductiveMinutes,
        productiveMinutes,
        breakMs: breakMs(punched?.pairs ?? []),
        punchIn: punched?.check_in?.toISOString() ?? null,
        punchOut: punched && !punched.open_in ? (punched.check_out?.toISOString() ?? null) : null,
      };
      return [id, { totals, timeZone: punched?.time_zone ?? null }];
    }),
  );
}

/** One person's application dashboard for a local day: all of their time, in any team. */
export async function personApplicationDay(
  db: Kysely<Database>,
  company: { companyId: string; timeZone: string },
  person: { userId: string; name: string },
  day: string,
): Promise<PersonApplicationDay> {
  const scope = { teams: null, userId: person.userId };
  const [people, applications] = await Promise.all([peopleDays(db, company.companyId, day, scope, [person.userId]), applicationsOn(db, company.companyId, day, scope)]);
  const { totals, timeZone } = people.get(person.userId)!;
  return { day, person: { userId: person.userId, name: person.name, timeZone: timeZone ?? company.timeZone }, totals, applications };
}

/** A team's application dashboard for a local day (`teams` null: the whole company): the time for its teams, each person's punches. */
export async function teamApplicationDay(
  db: Kysely<Database>,
  company: { companyId: string; timeZone: string },
  day: string,
  scope: TeamView & { team: { teamId: string; name: string } | null },
): Promise<TeamApplicationDay> {
  const { companyId } = company;
  const { teams } = scope;
  const listed = await teamViewPeople(db, companyId, scope);
  const [days, applications] = await Promise.all([peopleDays(db, companyId, day, { teams }, listed.map((p) => p.user_id)), applicationsOn(db, companyId, day, { teams })]);
  const names = await namesOf(db, companyId, listed, [...days.keys()]);
  const people = [...days]
    .map(([userId, { totals, timeZone }]) => ({ userId, name: names.get(userId) ?? 'Former member', timeZone: timeZone ?? company.timeZone, ...totals }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { day, team: scope.team, totals: teamTotals(people), applications, people };
}

/**
 * The day the application dashboard opens on, for one person or a team view:
 * the latest local day with tracked time, application usage or a punch, in
 * the zone it was recorded in. Without any, today in the company's zone (the
 * zone of someone who never recorded a day), so a dashboard opens on a day
 * with something to show rather than on an empty today.
 */
export async function applicationOpeningDay(
  db: Kysely<Database>,
  company: { companyId: string; timeZone: string },
  scope: { userId: string } | TeamView,
  now: Date,
): Promise<ApplicationOpeningDay> {
  const { companyId } = company;
  const nothing = { day: localDay(now.toISOString(), company.timeZone), timeZone: company.timeZone, hasData: false };
  const userId = 'userId' in scope ? scope.userId : undefined;
  const teams = 'userId' in scope ? null : scope.teams;
  if (teams?.length === 0) return nothing;
  // A team view's punches are its listed people's, as its rows show them.
  const people = 'userId' in scope ? [scope.userId] : (await teamViewPeople(db, companyId, scope)).map((person) => person.user_id);
  const [logged, used, punched] = await Promise.all([
    db
      .selectFrom('timelog_entries')
      .select(['day', 'time_zone'])
      .where('company_id', '=', companyId)
      .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
      .$if(teams !== null, (qb) => qb.where('team_id', 'in', teams!))
      .orderBy('day', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('app_usage_days')
      .select('day')
      .where('company_id', '=', companyId)
      .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
      .$if(teams !== null, (qb) => qb.where('team_id', 'in', teams!))
      .orderBy('day', 'desc')
      .limit(1)
      .executeTakeFirst(),
    people.length === 0
      ? undefined
      : db
          .selectFrom('attendance_days')
          .select(['day', 'time_zone'])
          .where('company_id', '=', companyId)
          .where('user_id', 'in', people)
          .where((eb) => eb.or([eb('check_in', 'is not', null), eb('tracked', '=', true)]))
          .orderBy('day', 'desc')
          .limit(1)
          .executeTakeFirst(),
  ]);
  const found: { day: string; time_zone?: string | null }[] = [logged, punched, used].filter((row) => row !== undefined);
  if (found.length === 0) return nothing;
  const day = found.map((row) => row.day).reduce((latest, next) => (next > latest ? next : latest));
  const timeZone = found.find((row) => row.day === day && row.time_zone)?.time_zone ?? company.timeZone;
  return { day, timeZone, hasData: true };
}

/** The categories card's list: the default list, the company's choices and the applications its people used, by name. */
export async function appCategoryList(db: Kysely<Database>, companyId: string): Promise<AppCategoryList> {
  const [chosen, seen] = await Promise.all([
    db.selectFrom('app_categories').select(['app_key', 'application', 'category', 'updated_at', 'updated_by_name']).where('company_id', '=', companyId).execute(),
    db.selectFrom('app_usage_applications').select(['app_key', 'application']).where('company_id', '=', companyId).execute(),
  ]);
  const chosenBy = new Map(chosen.map((row) => [row.app_key, row]));
  const seenBy = new Map(seen.map((row) => [row.app_key, row.application]));
  const keys = new Set([...DEFAULT_APPS.keys(), ...chosenBy.keys(), ...seenBy.keys()]);
  const applications = [...keys].map((key) => {
    const choice = chosenBy.get(key);
    return {
      application: DEFAULT_APPS.get(key)?.application ?? seenBy.get(key) ?? choice?.application ?? key,
      category: (choice?.category as AppCategory | undefined) ?? defaultCategory(key),
      chosen: choice !== undefined,
      seen: seenBy.has(key),
      updatedAt: choice?.updated_at.toISOString() ?? null,
      updatedBy: choice?.updated_by_name ?? null,
    };
  });
  return { applications: applications.sort((a, b) => a.application.localeCompare(b.application, 'en', { sensitivity: 'base' })) };
}
