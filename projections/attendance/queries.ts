import { type Kysely, type Selectable, sql } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { DEFAULT_WORK_RULES, type DayStatus, dayStatus, type LeaveCode, LEAVE_STATUSES, type WorkRules } from '../../domain/attendance/day-status.ts';
import { workMs } from '../../domain/attendance/punch-pairs.ts';
import { rangeDays } from '../../domain/dashboards/range.ts';
import type { AttendanceDay, AttendancePerson, AttendanceRecords, MonthAttendance, StatusCounts, TeamAttendance, TeamDayGroup } from '../../domain/attendance/views.ts';
import { localDay } from '../../domain/time-tracking/local-days.ts';
import type { AttendanceDaysTable, Database } from '../database.ts';

/**
 * The company's working days and daily threshold. Core §4's defaults until
 * company settings can change them (the rules are already data here).
 */
export const workRulesOf = (_companyId: string): WorkRules => DEFAULT_WORK_RULES;

const toIso = (date: Date | null) => date?.toISOString() ?? null;
const isLeaveCode = (code: string | null): code is LeaveCode => code !== null && Object.hasOwn(LEAVE_STATUSES, code);

/** A stored day seen on a given day: its status, work time and sums. Without a row, a day with nothing recorded. */
function attendanceDay(row: Selectable<AttendanceDaysTable> | undefined, day: string, today: string, now: Date, rules: WorkRules): AttendanceDay {
  const trackedMs = Number(row?.tracked_ms ?? 0);
  const idleMs = Math.min(trackedMs, Number(row?.idle_ms ?? 0));
  const pairs = row?.pairs ?? [];
  const present = pairs.length > 0 || trackedMs > 0;
  const work = row
    ? workMs({ day, punchedMs: Number(row.punched_ms), openIn: toIso(row.open_in), lastActivityAt: toIso(row.last_activity_at) }, today, now)
    : 0;
  return {
    day,
    status: dayStatus({ day, today, present, leave: isLeaveCode(row?.leave_code ?? null) ? (row!.leave_code as LeaveCode) : null }, rules),
    timeZone: row?.time_zone ?? null,
    pairs: pairs.map(({ in: punchedIn, out, continued, continues }) => ({ in: punchedIn, out, continued, continues })),
    missingPunchOut: row?.open_in != null && day < today,
    checkIn: toIso(row?.check_in ?? null),
    checkOut: row?.open_in ? null : toIso(row?.check_out ?? null),
    workMs: Math.round(work),
    activeMs: trackedMs - idleMs,
    trackedMs,
    idleMs,
    meetsThreshold: work >= rules.dailyThresholdMs,
  };
}

/**
 * A person's zone for attendance: the zone of their latest recorded day, else
 * the company's. Their local today is in it.
 */
async function personZone(db: Kysely<Database>, companyId: string, userId: string, companyZone: string): Promise<string> {
  const latest = await db
    .selectFrom('attendance_days')
    .select('time_zone')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('time_zone', 'is not', null)
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
  return latest?.time_zone ?? companyZone;
}

/** One person's attendance on every day of a range, as the month calendar and the attendance sheet show it. */
export async function attendanceDays(
  db: Kysely<Database>,
  company: { companyId: string; timeZone: string },
  userId: string,
  range: { from: string; to: string },
  now: Date,
): Promise<{ timeZone: string; today: string; days: AttendanceDay[] }> {
  const { companyId } = company;
  const [timeZone, rows] = await Promise.all([
    personZone(db, companyId, userId, company.timeZone),
    db
      .selectFrom('attendance_days')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .execute(),
  ]);
  const today = localDay(now.toISOString(), timeZone);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const rules = workRulesOf(companyId);
  return { timeZone, today, days: rangeDays(range).map((day) => attendanceDay(byDay.get(day), day, today, now, rules)) };
}

const COUNTED: Record<Exclude<DayStatus, 'future'>, keyof StatusCounts> = {
  present: 'present',
  absent: 'absent',
  weekOff: 'weekOff',
  sickLeave: 'sickLeave',
  paidLeave: 'paidLeave',
  casualLeave: 'casualLeave',
  leave: 'leave',
};

export function statusCounts(days: readonly Pick<AttendanceDay, 'status'>[]): StatusCounts {
  const counts: StatusCounts = { present: 0, absent: 0, weekOff: 0, sickLeave: 0, paidLeave: 0, casualLeave: 0, leave: 0 };
  for (const { status } of days) if (status !== 'future') counts[COUNTED[status]] += 1;
  return counts;
}

/** A person's month (YYYY-MM): every day, and the counts of each status. */
export async function monthAttendance(
  db: Kysely<Database>,
  company: { companyId: string; timeZone: string },
  person: AttendancePerson,
  month: string,
  now: Date,
): Promise<MonthAttendance> {
  const first = Temporal.PlainYearMonth.from(month);
  const range = { from: first.toPlainDate({ day: 1 }).toString(), to: first.toPlainDate({ day: first.daysInMonth }).toString() };
  const { timeZone, today, days } = await attendanceDays(db, company, person.userId, range, now);
  return { person: { ...person, timeZone }, month, today, thresholdMs: workRulesOf(company.companyId).dailyThresholdMs, days, counts: statusCounts(days) };
}

/**
 * The people team attendance counts: the team's members but Admins (in every
 * team by their role) and Clients, each from the day they joined the company.
 */
async function teamPeople(db: Kysely<Database>, companyId: string, teamId: string) {
  return db
    .selectFrom('company_members as m')
    .innerJoin('team_members as tm', (join) => join.onRef('tm.user_id', '=', 'm.user_id').on('tm.company_id', '=', companyId).on('tm.team_id', '=', teamId))
    .select(['m.user_id', 'm.name', 'm.email', 'm.joined_at'])
    .where('m.company_id', '=', companyId)
    .where('m.deleted', '=', false)
    .where('m.access_level', 'not in', ['Admin', 'Client'])
    .orderBy('m.name')
    .execute();
}

/**
 * Each person's status and whether they completed the day's working hours,
 * for a team on each of the days (newest first). `today` is the viewer's: a
 * later day is future; an open punch on it counts to now.
 */
async function teamDays(db: Kysely<Database>, companyId: string, teamId: string, days: readonly string[], today: string, now: Date) {
  const people = await teamPeople(db, companyId, teamId);
  const rules = workRulesOf(companyId);
  const rows =
    people.length === 0 || days.length === 0
      ? []
      : await db
          .selectFrom('attendance_days')
          .selectAll()
          .where('company_id', '=', companyId)
          .where('user_id', 'in', people.map((p) => p.user_id))
          .where('day', '>=', days[days.length - 1])
          .where('day', '<=', days[0])
          .execute();
  const stored = new Map(rows.map((row) => [`${row.user_id}:${row.day}`, row]));
  return days.map((day) => {
    const endOfDay = Temporal.PlainDate.from(day).add({ days: 1 }).toString();
    const joined = people.filter((p) => p.joined_at.toISOString() < endOfDay);
    return {
      day,
      people: joined.map((person) => ({ person, attendance: attendanceDay(stored.get(`${person.user_id}:${day}`), day, today, now, rules) })),
    };
  });
}

const inGroup: Record<TeamDayGroup, (day: AttendanceDay) => boolean> = {
  present: (day) => day.status === 'present',
  absent: (day) => day.status === 'absent',
  notCompleted: (day) => day.status === 'present' && !day.meetsThreshold,
};

/** Team attendance: for each of `count` days up to `to`, newest first, how many were present, absent, and short of the day's working hours. */
export async function teamAttendance(
  db: Kysely<Database>,
  companyId: string,
  team: { teamId: string; name: string },
  to: string,
  count: number,
  now: Date,
): Promise<TeamAttendance> {
  const days = Array.from({ length: count }, (_, back) => Temporal.PlainDate.from(to).subtract({ days: back }).toString());
  const perDay = await teamDays(db, companyId, team.teamId, days, to, now);
  const countOf = (group: TeamDayGroup, people: { attendance: AttendanceDay }[]) => people.filter((p) => inGroup[group](p.attendance)).length;
  return {
    team,
    thresholdMs: workRulesOf(companyId).dailyThresholdMs,
    days: perDay.map(({ day, people }) => ({ day, present: countOf('present', people), absent: countOf('absent', people), notCompleted: countOf('notCompleted', people) })),
  };
}

/** The people behind one count of team attendance. */
export async function teamDayPeople(db: Kysely<Database>, companyId: string, teamId: string, day: string, group: TeamDayGroup, today: string, now: Date): Promise<AttendancePerson[]> {
  const [{ people }] = await teamDays(db, companyId, teamId, [day], today, now);
  return people.filter((p) => inGroup[group](p.attendance)).map(({ person }) => ({ userId: person.user_id, name: person.name, email: person.email }));
}

/** 'Asia/Kolkata' → 'Kolkata', 'America/Argentina/Buenos_Aires' → 'Buenos Aires'. */
export const zoneCity = (timeZone: string) => (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');

/** LIKE's wildcards and its escape character, taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The days these people were present, found by name or e-mail. */
function presentDays(db: Kysely<Database>, companyId: string, people: readonly string[], day: string | null, search: string) {
  return db
    .selectFrom('attendance_days as a')
    .innerJoin('company_members as m', (join) => join.onRef('m.user_id', '=', 'a.user_id').onRef('m.company_id', '=', 'a.company_id'))
    .where('a.company_id', '=', companyId)
    .where('a.user_id', 'in', people)
    .where(sql<boolean>`(a.check_in IS NOT NULL OR a.tracked_ms > 0)`)
    .$if(day !== null, (qb) => qb.where('a.day', '=', day!))
    .$if(search !== '', (qb) => qb.where((eb) => eb.or([eb('m.name', 'ilike', likePattern(search)), eb('m.email', 'ilike', likePattern(search))])));
}

/** The Time & Attendance table: the days these people were present, newest first, found by name or e-mail. */
export async function attendanceRecords(
  db: Kysely<Database>,
  companyId: string,
  people: readonly string[],
  query: { search: string; day: string | null; page: number; pageSize: number },
  now: Date,
): Promise<AttendanceRecords> {
  const { page, pageSize } = query;
  const search = query.search.trim();
  if (people.length === 0) return { rows: [], total: 0, page, pageSize };
  const matching = presentDays(db, companyId, people, query.day, search);
  const [rows, { total }] = await Promise.all([
    matching
      .selectAll('a')
      .select(['m.name', 'm.email'])
      .orderBy('a.day', 'desc')
      .orderBy('m.name')
      .orderBy('a.user_id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const rules = workRulesOf(companyId);
  return {
    rows: rows.map((row) => {
      const timeZone = row.time_zone ?? 'UTC';
      const day = attendanceDay(row, row.day, localDay(now.toISOString(), timeZone), now, rules);
      return {
        userId: row.user_id,
        name: row.name,
        email: row.email,
        day: row.day,
        location: zoneCity(timeZone),
        timeZone,
        checkIn: day.checkIn,
        checkOut: day.checkOut,
        missingPunchOut: day.missingPunchOut,
        workMs: day.workMs,
        activeMs: day.activeMs,
      };
    }),
    total: Number(total),
    page,
    pageSize,
  };
}
