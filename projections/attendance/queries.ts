import { type Kysely, type Selectable, sql } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { type TimeParts, wholeMinutes } from '../../domain/accounting/time.ts';
import { leftOutOfTeamViews } from '../../domain/dashboards/access.ts';
import { dayStatus, type LeaveCode, LEAVE_STATUSES, type WorkRules } from '../../domain/attendance/day-status.ts';
import { workMs } from '../../domain/attendance/punch-pairs.ts';
import { rangeDays } from '../../domain/dashboards/range.ts';
import { type AttendanceDay, type AttendancePerson, type AttendanceRecords, type MonthAttendance, type StatusCounts, TEAM_DAY_GROUPS, type TeamAttendance, type TeamDayGroup } from '../../domain/attendance/views.ts';
import { localDay } from '../../domain/time-tracking/local-days.ts';
import type { AttendanceDaysTable, Database } from '../database.ts';
import { settingsOf } from '../settings/queries.ts';
import { companyWorkingTime, holidaysOfPeople, type ShownHoliday } from '../working-time/queries.ts';
import { figuresBy, totalOf, unitFigures } from '../timelog/queries.ts';
import { lockedPeriods } from '../timesheets/queries.ts';

/** The company's working days (Monday to Friday, core §4's, until it chooses others) and the daily threshold its settings hold (8 hours until set). */
export async function workRulesOf(db: Kysely<Database>, companyId: string): Promise<WorkRules> {
  const [{ dailyThresholdMinutes }, { workingDays }] = await Promise.all([settingsOf(db, companyId), companyWorkingTime(db, companyId)]);
  return { workingDays, dailyThresholdMs: dailyThresholdMinutes * 60_000 };
}

const toIso = (date: Date | null) => date?.toISOString() ?? null;
const leaveOf = (code: string | null): LeaveCode | null => (code !== null && Object.hasOwn(LEAVE_STATUSES, code) ? (code as LeaveCode) : null);

/** What a day's status and work time are worked out from. */
interface DayFigures {
  day: string;
  present: boolean;
  /** The holiday's name, on one. */
  holiday: string | null;
  leaveCode: string | null;
  punchedMs: number;
  finishedMs: number;
  openInMs: number | null;
}

/** A day's status, work time and whether it reaches the daily threshold, seen on `today` at `now`. */
function dayOutcome(figures: DayFigures, today: string, now: Date, rules: WorkRules) {
  const { day, present, leaveCode, holiday } = figures;
  const work = workMs(figures, today, now);
  return { status: dayStatus({ day, today, present, leave: leaveOf(leaveCode), holiday: holiday !== null }, rules), workMs: work, meetsThreshold: work >= rules.dailyThresholdMs };
}

const NOTHING_RECORDED = { present: false, leaveCode: null, punchedMs: 0, finishedMs: 0, openInMs: null, holiday: null };

/**
 * A stored day seen on a given day: its status, punched time, and its time as
 * the time log shows it (`time`: its units' sum). Without a row, a day with
 * nothing recorded.
 */
function attendanceDay(row: Selectable<AttendanceDaysTable> | undefined, time: TimeParts, day: string, holiday: string | null, today: string, now: Date, rules: WorkRules): AttendanceDay {
  const figures: DayFigures = row
    ? {
        day,
        holiday,
        // A day with pairs has a check in.
        present: row.check_in !== null || row.tracked,
        leaveCode: row.leave_code,
        punchedMs: Number(row.punched_ms),
        finishedMs: Number(row.work_ms),
        openInMs: row.open_in?.getTime() ?? null,
      }
    : { day, ...NOTHING_RECORDED, holiday };
  const { status, workMs: work, meetsThreshold } = dayOutcome(figures, today, now, rules);
  return {
    day,
    status,
    holiday,
    timeZone: row?.time_zone ?? null,
    pairs: (row?.pairs ?? []).map(({ in: punchedIn, out, continued, continues }) => ({ in: punchedIn, out, continued, continues })),
    missingPunchOut: row?.open_in != null && day < today,
    checkIn: toIso(row?.check_in ?? null),
    checkOut: row?.open_in ? null : toIso(row?.check_out ?? null),
    punchedMinutes: wholeMinutes(work),
    trackedMinutes: time.trackedMinutes,
    idleMinutes: time.idleMinutes,
    activeMinutes: time.trackedMinutes - time.idleMinutes,
    meetsThreshold,
  };
}

/**
 * A person's zone for attendance: the zone of their latest recorded day, else
 * the company's. Their local today is in it.
 */
export async function personZone(db: Kysely<Database>, companyId: string, userId: string, companyZone: string): Promise<string> {
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

/** One person's attendance on every day of a range, by the company's rules, as the month calendar and the attendance sheet show it. */
export async function attendanceDays(
  db: Kysely<Database>,
  company: { companyId: string; timeZone: string },
  userId: string,
  range: { from: string; to: string },
  rules: WorkRules,
  now: Date,
): Promise<{ timeZone: string; today: string; days: AttendanceDay[] }> {
  const { companyId } = company;
  const [timeZone, rows, units, holidays] = await Promise.all([
    personZone(db, companyId, userId, company.timeZone),
    db
      .selectFrom('attendance_days')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .execute(),
    unitFigures(db, companyId, range, { teams: null, userIds: [userId] }),
    holidaysOfPeople(db, companyId, [userId], range.from, range.to),
  ]);
  const today = localDay(now.toISOString(), timeZone);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const time = figuresBy(units, (unit) => unit.day);
  const holidayNames = new Map(holidays.get(userId)!.map((holiday) => [holiday.day, holiday.name]));
  return {
    timeZone,
    today,
    days: rangeDays(range).map((day) => attendanceDay(byDay.get(day), totalOf(time.get(day) ?? []), day, holidayNames.get(day) ?? null, today, now, rules)),
  };
}

/** How many days of each status; the blank future days are not counted. */
export function statusCounts(days: readonly Pick<AttendanceDay, 'status'>[]): StatusCounts {
  const counts: StatusCounts = { present: 0, absent: 0, weekOff: 0, holiday: 0, sickLeave: 0, paidLeave: 0, casualLeave: 0, leave: 0 };
  for (const { status } of days) if (status !== 'future') counts[status] += 1;
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
  const rules = await workRulesOf(db, company.companyId);
  const [{ timeZone, today, days }, locked] = await Promise.all([attendanceDays(db, company, person.userId, range, rules, now), lockedPeriods(db, company.companyId, person.userId, range)]);
  return { person: { ...person, timeZone }, month, today, thresholdMinutes: wholeMinutes(rules.dailyThresholdMs), days, counts: statusCounts(days), lockedPeriods: locked };
}

/** A team as its viewer sees it: whether they may see Admins (leftOutOfTeamViews). */
interface ViewedTeam {
  teamId: string;
  seesAdmins: boolean;
}

/**
 * The people team attendance counts: the team's people as leftOutOfTeamViews
 * says (Admins on it for a viewer who may see them, Clients never), each from
 * the day they joined the company, or from their first recorded day if that
 * is earlier (history written with an earlier clock, as the demo's), so a
 * count and the people behind it agree.
 */
async function teamPeople(db: Kysely<Database>, companyId: string, { teamId, seesAdmins }: ViewedTeam) {
  return db
    .selectFrom('company_members as m')
    .innerJoin('team_members as tm', (join) => join.onRef('tm.user_id', '=', 'm.user_id').on('tm.company_id', '=', companyId).on('tm.team_id', '=', teamId))
    .select(['m.user_id', 'm.name', 'm.email'])
    .select(
      sql<string>`least((m.joined_at AT TIME ZONE 'UTC')::date, (SELECT min(a.day) FROM attendance_days a WHERE a.company_id = m.company_id AND a.user_id = m.user_id))::text`.as(
        'countedFrom',
      ),
    )
    .where('m.company_id', '=', companyId)
    .where('m.deleted', '=', false)
    .where('m.access_level', 'not in', leftOutOfTeamViews(seesAdmins))
    .orderBy('m.name')
    .execute();
}

type Outcome = Pick<ReturnType<typeof dayOutcome>, 'status' | 'meetsThreshold'>;

const inGroup: Record<TeamDayGroup, (day: Outcome) => boolean> = {
  present: (day) => day.status === 'present',
  absent: (day) => day.status === 'absent',
  notCompleted: (day) => day.status === 'present' && !day.meetsThreshold,
};

/** What dayOutcome reads of a stored day. */
const figuresOf = [
  'day',
  'leave_code as leaveCode',
  sql<boolean>`check_in IS NOT NULL OR tracked`.as('present'),
  sql<number>`punched_ms::float8`.as('punchedMs'),
  sql<number>`work_ms::float8`.as('finishedMs'),
  sql<number | null>`(extract(epoch FROM open_in) * 1000)::float8`.as('openInMs'),
] as const;

/**
 * Team attendance: for each of `count` days up to `to` (the viewer's today:
 * an open punch on it counts to now), newest first, how many of the team
 * were present, absent, and short of the day's working hours. A day whose
 * work time is final is counted in the database by its figures (a month of
 * a large team is thousands of rows), each group's status from the one rule.
 */
export async function teamAttendance(
  db: Kysely<Database>,
  companyId: string,
  team: ViewedTeam & { name: string },
  to: string,
  count: number,
  now: Date,
): Promise<TeamAttendance> {
  const days = Array.from({ length: count }, (_, back) => Temporal.PlainDate.from(to).subtract({ days: back }).toString());
  const [people, rules] = await Promise.all([teamPeople(db, companyId, team), workRulesOf(db, companyId)]);
  const tally = new Map(days.map((day) => [day, { day, present: 0, absent: 0, notCompleted: 0 }]));
  const add = (day: string, outcome: Outcome, people: number) => {
    const counts = tally.get(day)!;
    for (const group of TEAM_DAY_GROUPS) if (inGroup[group](outcome)) counts[group] += people;
  };
  // People with the same holidays are counted together: usually the whole team.
  for (const { holidays, members } of await byHolidays(db, companyId, people, days[days.length - 1], to)) {
    const holidayOn = (day: string) => holidays.get(day) ?? null;
    const ofTeam = db
      .selectFrom('attendance_days')
      .where('company_id', '=', companyId)
      .where('user_id', 'in', members.map((p) => p.user_id))
      .where('day', '>=', days[days.length - 1])
      .where('day', '<=', to);
    const [finished, live] = await Promise.all([
      ofTeam
        .select([
          'day',
          'leave_code',
          sql<boolean>`check_in IS NOT NULL OR tracked`.as('present'),
          // dayOutcome's threshold rule, for a work time that is final.
          sql<boolean>`work_ms >= ${rules.dailyThresholdMs}`.as('meetsThreshold'),
          sql<number>`count(*)::int`.as('people'),
        ])
        .where(sql<boolean>`(day <> ${to} OR open_in IS NULL)`)
        .groupBy(sql`1, 2, 3, 4`)
        .execute(),
      ofTeam.select(figuresOf).where('day', '=', to).where('open_in', 'is not', null).execute(),
    ]);
    const recorded = new Map(days.map((day) => [day, 0]));
    const addRecorded = (day: string, outcome: Outcome, count: number) => {
      add(day, outcome, count);
      recorded.set(day, recorded.get(day)! + count);
    };
    for (const group of finished) {
      const status = dayStatus({ day: group.day, today: to, present: group.present, leave: leaveOf(group.leave_code), holiday: holidayOn(group.day) !== null }, rules);
      addRecorded(group.day, { status, meetsThreshold: group.meetsThreshold }, group.people);
    }
    for (const row of live) addRecorded(row.day, dayOutcome({ ...row, holiday: holidayOn(row.day) }, to, now, rules), 1);
    // The members with nothing recorded on a day, from the day they count.
    for (const day of days) {
      const counted = members.filter((person) => person.countedFrom <= day).length;
      add(day, dayOutcome({ day, ...NOTHING_RECORDED, holiday: holidayOn(day) }, to, now, rules), Math.max(0, counted - recorded.get(day)!));
    }
  }
  return {
    team,
    thresholdMinutes: wholeMinutes(rules.dailyThresholdMs),
    days: [...tally.values()].map(({ day, present, absent, notCompleted }) => ({ day, present, absent, notCompleted })),
  };
}

/** The people behind one count of team attendance on a day; `today` as in teamAttendance. */
export async function teamDayPeople(db: Kysely<Database>, companyId: string, team: ViewedTeam, day: string, group: TeamDayGroup, today: string, now: Date): Promise<AttendancePerson[]> {
  const [people, rules] = await Promise.all([teamPeople(db, companyId, team), workRulesOf(db, companyId)]);
  const [rows, holidays] =
    people.length === 0
      ? [[], new Map<string, ShownHoliday[]>()]
      : await Promise.all([
          db
            .selectFrom('attendance_days')
            .select(['user_id', ...figuresOf])
            .where('company_id', '=', companyId)
            .where('user_id', 'in', people.map((p) => p.user_id))
            .where('day', '=', day)
            .execute(),
          holidaysOfPeople(db, companyId, people.map((p) => p.user_id), day, day),
        ]);
  const stored = new Map(rows.map((row) => [row.user_id, row]));
  return people
    .filter((person) => person.countedFrom <= day)
    .filter((person) => {
      const holiday = holidays.get(person.user_id)?.[0]?.name ?? null;
      return inGroup[group](dayOutcome({ ...(stored.get(person.user_id) ?? { day, ...NOTHING_RECORDED }), holiday }, today, now, rules));
    })
    .map((person) => ({ userId: person.user_id, name: person.name, email: person.email }));
}

/** A team's people grouped by their holidays from one day to another (day → name): people of one region share them. */
async function byHolidays<Person extends { user_id: string }>(db: Kysely<Database>, companyId: string, people: readonly Person[], from: string, to: string) {
  if (people.length === 0) return [];
  const holidays = await holidaysOfPeople(db, companyId, people.map((p) => p.user_id), from, to);
  const groups = new Map<readonly ShownHoliday[], Person[]>();
  for (const person of people) {
    const theirs = holidays.get(person.user_id)!;
    groups.set(theirs, [...(groups.get(theirs) ?? []), person]);
  }
  return [...groups].map(([list, members]) => ({ holidays: new Map(list.map((holiday) => [holiday.day, holiday.name])), members }));
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
    .where(sql<boolean>`(a.check_in IS NOT NULL OR a.tracked)`)
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
  const [rows, { total }, rules] = await Promise.all([
    matching
      .selectAll('a')
      .select(['m.name', 'm.email'])
      // The timesheet whose period holds the day; none: open.
      .select((eb) =>
        eb
          .selectFrom('timesheets as t')
          .select('t.status')
          .whereRef('t.company_id', '=', 'a.company_id')
          .whereRef('t.user_id', '=', 'a.user_id')
          .whereRef('t.period_start', '<=', 'a.day')
          .whereRef('t.period_end', '>=', 'a.day')
          .limit(1)
          .as('timesheet'),
      )
      .orderBy('a.day', 'desc')
      .orderBy('m.name')
      .orderBy('a.user_id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    workRulesOf(db, companyId),
  ]);
  const shown = rows.map((row) => row.day);
  const units = rows.length
    ? await unitFigures(db, companyId, { from: shown.reduce((a, b) => (a < b ? a : b)), to: shown.reduce((a, b) => (a > b ? a : b)) }, { teams: null, userIds: [...new Set(rows.map((row) => row.user_id))] })
    : [];
  const time = figuresBy(units, (unit) => `${unit.userId}:${unit.day}`);
  return {
    rows: rows.map((row) => {
      const timeZone = row.time_zone ?? 'UTC';
      // A present day is Present whether or not it is a holiday: the record does not look holidays up.
      const day = attendanceDay(row, totalOf(time.get(`${row.user_id}:${row.day}`) ?? []), row.day, null, localDay(now.toISOString(), timeZone), now, rules);
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
        punchedMinutes: day.punchedMinutes,
        trackedMinutes: day.trackedMinutes,
        activeMinutes: day.activeMinutes,
        timesheet: row.timesheet ?? 'Open',
      };
    }),
    total: Number(total),
    page,
    pageSize,
  };
}

/** Each person's approved leave by day, from one day to another. */
export async function leaveDays(db: Kysely<Database>, companyId: string, userIds: readonly string[], from: string, to: string): Promise<Map<string, Map<string, LeaveCode>>> {
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
    const leave = leaveOf(row.leave_code);
    if (!leave) continue;
    const days = byPerson.get(row.user_id) ?? new Map<string, LeaveCode>();
    days.set(row.day, leave);
    byPerson.set(row.user_id, days);
  }
  return byPerson;
}
