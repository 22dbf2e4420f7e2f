import { type Kysely, sql } from 'kysely';
import { leftOutOfTeamViews, seesAdmins } from '../../domain/dashboards/access.ts';
import { rangeDays } from '../../domain/dashboards/range.ts';
import { daysIn, type ExportSubject, type MonthRange } from '../../domain/exports/months.ts';
import { timesheetStatusOfDay } from '../../domain/exports/timesheet-status.ts';
import { periodOf } from '../../domain/timesheets/periods.ts';
import type { TimesheetStatus } from '../../domain/timesheets/timesheet.ts';
import type { Database } from '../../projections/database.ts';
import { settingsOf } from '../../projections/settings/queries.ts';
import { timesheetsOf } from '../../projections/timesheets/queries.ts';
import { type CompanyAccess, visiblePerson, visibleTeam } from '../access/membership.ts';

export interface ExportPerson {
  userId: string;
  name: string;
}

/**
 * Whom an export holds, if the caller may see them (as on the dashboards):
 * the person, or the team's people by name (leftOutOfTeamViews: Admins only
 * for an Admin, Clients never). Someone or a team the caller may not see
 * answers like one that does not exist.
 */
export async function exportPeople(db: Kysely<Database>, access: CompanyAccess, subject: ExportSubject): Promise<{ name: string; people: ExportPerson[] }> {
  const companyId = access.company.company_id;
  if (subject.kind === 'person') {
    const person = await visiblePerson(db, access, subject.userId);
    return { name: person.name, people: [person] };
  }
  const team = await visibleTeam(db, access, subject.teamId);
  const people = await db
    .selectFrom('team_members as tm')
    .innerJoin('company_members as m', (join) => join.onRef('m.company_id', '=', 'tm.company_id').onRef('m.user_id', '=', 'tm.user_id'))
    .select(['m.user_id as userId', 'm.name'])
    .where('tm.company_id', '=', companyId)
    .where('tm.team_id', '=', team.teamId)
    .where('m.deleted', '=', false)
    .where('m.access_level', 'not in', leftOutOfTeamViews(seesAdmins(access.actor)))
    .orderBy('m.name')
    .orderBy('m.user_id')
    .execute();
  return { name: team.name, people };
}

/** How many time-log rows these people have in the months. */
export async function countTimelogEntries(db: Kysely<Database>, companyId: string, userIds: readonly string[], months: MonthRange): Promise<number> {
  if (userIds.length === 0) return 0;
  const { count } = await db
    .selectFrom('timelog_entries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', companyId)
    .where('user_id', 'in', userIds)
    .where('day', '>=', months.firstDay)
    .where('day', '<=', months.lastDay)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export interface TimelogRow {
  day: string;
  session_id: string;
  start_at: Date;
  end_at: Date;
  tracked_minutes: number;
  idle_minutes: number;
  rate_cents: number;
  earnings_cents: string;
  project_name: string;
  task_name: string;
  task_details: string;
}

/** Rows per query: a batch is written and handed on before the next is read. */
const BATCH = 2_000;

/**
 * A person's time-log rows in the months, in the time log's order, in
 * batches read with a keyset (never the whole result at once). The start is
 * carried as PostgreSQL's own text, so a microsecond is never lost between batches.
 */
export async function* timelogBatches(db: Kysely<Database>, companyId: string, userId: string, months: MonthRange): AsyncGenerator<TimelogRow[]> {
  let after: { day: string; start: string; sessionId: string; splitIndex: number; ratePart: number } | null = null;
  for (;;) {
    const cursor = after;
    const rows: (TimelogRow & { split_index: number; rate_part: number; start_key: string })[] = await db
      .selectFrom('timelog_entries as e')
      .select(['e.day', 'e.start_at', 'e.end_at', 'e.tracked_minutes', 'e.idle_minutes', 'e.rate_cents', 'e.earnings_cents', 'e.project_name', 'e.task_name', 'e.task_details', 'e.session_id', 'e.split_index', 'e.rate_part'])
      .select(sql<string>`e.start_at::text`.as('start_key'))
      .where('e.company_id', '=', companyId)
      .where('e.user_id', '=', userId)
      .where('e.day', '>=', cursor?.day ?? months.firstDay)
      .where('e.day', '<=', months.lastDay)
      .$if(cursor !== null, (qb) =>
        qb.where(
          sql<boolean>`(e.day, e.start_at, e.session_id, e.split_index, e.rate_part) > (${cursor!.day}::date, ${cursor!.start}::timestamptz, ${cursor!.sessionId}::uuid, ${cursor!.splitIndex}, ${cursor!.ratePart})`,
        ),
      )
      .orderBy('e.day')
      .orderBy('e.start_at')
      .orderBy('e.session_id')
      .orderBy('e.split_index')
      .orderBy('e.rate_part')
      .limit(BATCH)
      .execute();
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    after = { day: last.day, start: last.start_key, sessionId: last.session_id, splitIndex: last.split_index, ratePart: last.rate_part };
  }
}

/**
 * How many screenshots (not deleted) a person's time-log row holds: those
 * taken in it, and for the last row of a session's day also those its agent
 * sent just after the session's end (its clock may run a little ahead). Read
 * once per person: a person has few screenshots beside their rows.
 */
export async function screenshotCounter(db: Kysely<Database>, companyId: string, userId: string, months: MonthRange) {
  const { rows } = await sql<{ session_id: string; day: string; taken_at: Date; last_end: Date | null }>`
    SELECT s.session_id, s.day, s.taken_at,
      (SELECT max(e.end_at) FROM timelog_entries e WHERE e.company_id = s.company_id AND e.user_id = s.user_id AND e.day = s.day AND e.session_id = s.session_id) AS last_end
    FROM screenshots s
    WHERE s.company_id = ${companyId} AND s.user_id = ${userId} AND s.day BETWEEN ${months.firstDay} AND ${months.lastDay} AND s.deleted_at IS NULL`.execute(db);
  const bySessionDay = new Map<string, typeof rows>();
  for (const row of rows) bySessionDay.set(`${row.session_id}|${row.day}`, [...(bySessionDay.get(`${row.session_id}|${row.day}`) ?? []), row]);
  return (row: Pick<TimelogRow, 'session_id' | 'day' | 'start_at' | 'end_at'>) =>
    (bySessionDay.get(`${row.session_id}|${row.day}`) ?? []).filter(
      (shot) => shot.taken_at >= row.start_at && (shot.taken_at < row.end_at || (shot.last_end !== null && row.end_at >= shot.last_end)),
    ).length;
}

/** The status of the timesheet holding each of a person's days in the months, by the company's periods. */
export async function timesheetStatuses(db: Kysely<Database>, companyId: string, userId: string, months: MonthRange): Promise<(day: string) => TimesheetStatus> {
  const { timesheetPeriods: schedule } = await settingsOf(db, companyId);
  const sheets = await timesheetsOf(db, companyId, userId, { from: periodOf(schedule, months.firstDay).start, to: months.lastDay });
  return timesheetStatusOfDay(schedule, new Map(sheets.map((sheet) => [sheet.start, sheet.status])));
}

/** How many time-log rows a person has on each day of the months that has any. */
export async function timelogRowsByDay(db: Kysely<Database>, companyId: string, userId: string, months: MonthRange): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('timelog_entries')
    .select((eb) => ['day', eb.fn.countAll<string>().as('count')])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('day', '>=', months.firstDay)
    .where('day', '<=', months.lastDay)
    .groupBy('day')
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}

/** What the downloads hold: the days of the attendance sheets and the rows of the time log's, all of them or those of approved timesheets. */
export async function exportedCounts(db: Kysely<Database>, companyId: string, people: readonly ExportPerson[], months: MonthRange, approvedOnly: boolean) {
  const userIds = people.map((person) => person.userId);
  if (!approvedOnly) return { attendanceDays: people.length * daysIn(months), timelogRows: await countTimelogEntries(db, companyId, userIds, months) };
  let attendanceDays = 0;
  let timelogRows = 0;
  for (const userId of userIds) {
    const [statusOf, rowsByDay] = await Promise.all([timesheetStatuses(db, companyId, userId, months), timelogRowsByDay(db, companyId, userId, months)]);
    const approved = rangeDays({ from: months.firstDay, to: months.lastDay }).filter((day) => statusOf(day) === 'Approved');
    attendanceDays += approved.length;
    timelogRows += approved.reduce((sum, day) => sum + (rowsByDay.get(day) ?? 0), 0);
  }
  return { attendanceDays, timelogRows };
}
