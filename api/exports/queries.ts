import { type Kysely, sql } from 'kysely';
import type { MonthRange, ExportSubject } from '../../domain/exports/months.ts';
import type { Database } from '../../projections/database.ts';
import { type CompanyAccess, visiblePerson, visibleTeam } from '../http/access.ts';

export interface ExportPerson {
  userId: string;
  name: string;
}

/**
 * Whom an export holds, if the caller may see them (as on the dashboards):
 * the person, or the team's people by name (Admins, who are in every team by
 * their role, and Clients, who track nothing, are not a team's people).
 * Someone or a team the caller may not see answers like one that does not exist.
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
    .where('m.access_level', 'not in', ['Admin', 'Client'])
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

/** A person's rates, oldest first (cents per hour; 0: none from then on). */
export async function memberRates(db: Kysely<Database>, companyId: string, userId: string) {
  const rows = await db
    .selectFrom('member_rates')
    .select(['effective_at', 'rate_cents'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .orderBy('effective_at')
    .execute();
  return rows.map((row) => ({ effectiveAt: row.effective_at.getTime(), rateCents: row.rate_cents }));
}

export interface TimelogRow {
  day: string;
  start_at: Date;
  seconds: number;
  idle_minutes: number;
  project_name: string;
  task_name: string;
  task_details: string;
}

/** Rows per query: a batch is written and handed on before the next is read. */
const BATCH = 2_000;

/**
 * A person's time-log entries in the months, by local day and start, in
 * batches read with a keyset (never the whole result at once). The start is
 * carried as PostgreSQL's own text, so a microsecond is never lost between batches.
 */
export async function* timelogBatches(db: Kysely<Database>, companyId: string, userId: string, months: MonthRange): AsyncGenerator<TimelogRow[]> {
  let after: { day: string; start: string; sessionId: string; splitIndex: number } | null = null;
  for (;;) {
    const cursor = after;
    const rows: (TimelogRow & { session_id: string; split_index: number; start_key: string })[] = await db
      .selectFrom('timelog_entries')
      .select(['day', 'start_at', 'seconds', 'idle_minutes', 'project_name', 'task_name', 'task_details', 'session_id', 'split_index'])
      .select(sql<string>`start_at::text`.as('start_key'))
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('day', '>=', cursor?.day ?? months.firstDay)
      .where('day', '<=', months.lastDay)
      .$if(cursor !== null, (qb) =>
        qb.where(sql<boolean>`(day, start_at, session_id, split_index) > (${cursor!.day}::date, ${cursor!.start}::timestamptz, ${cursor!.sessionId}::uuid, ${cursor!.splitIndex})`),
      )
      .orderBy('day')
      .orderBy('start_at')
      .orderBy('session_id')
      .orderBy('split_index')
      .limit(BATCH)
      .execute();
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    after = { day: last.day, start: last.start_key, sessionId: last.session_id, splitIndex: last.split_index };
  }
}
