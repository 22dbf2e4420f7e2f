import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AttendanceRecords, MonthAttendance, TEAM_DAY_GROUPS, TeamAttendance, TeamDayPeople } from '../../domain/attendance/views.ts';
import { seesAdmins, visibleTeams } from '../../domain/dashboards/access.ts';
import { MAX_RANGE_DAYS, rangeProblem } from '../../domain/dashboards/range.ts';
import { invalid } from '../../domain/shared/errors.ts';
import { attendanceRecords, monthAttendance, teamAttendance, teamDayPeople } from '../../projections/attendance/queries.ts';
import { dashboardPeople } from '../../projections/dashboards/queries.ts';
import { accessOf, inCompany } from '../http/access.ts';
import { visiblePerson, visibleTeam } from '../access/membership.ts';
import type { ApiContext } from '../http/context.ts';
import { CompanyParams, errorResponses, Id, PageNumber, Text } from '../http/schemas.ts';

/** YYYY-MM with a real month. */
const Month = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', maxLength: 7 });
/** Checked by rangeProblem, whose messages say what is wrong (a format check would not). */
const DayText = Text(10);

function checkedDay(day: string): string {
  const problem = rangeProblem({ from: day, to: day });
  if (problem) throw invalid(problem);
  return day;
}

/**
 * Attendance (core §2 Monthly attendance and Team Attendance, management §2
 * Time & Attendance), read from projections/attendance. Who sees whom is the
 * dashboards' rule: a person the caller may not see answers exactly like one
 * who does not exist.
 */
export function attendanceRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { db } = context;
  const tags = ['attendance'];


  return async (app) => {
    app.get(
      '/api/companies/:companyId/attendance/month',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'One person’s attendance in a month: each day’s status, punches and hours, and the counts of each status',
          params: CompanyParams,
          querystring: Type.Object({ month: Month, userId: Type.Optional(Id) }),
          response: { 200: MonthAttendance, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const person = await visiblePerson(db, access, request.query.userId);
        return monthAttendance(
          db,
          { companyId: access.company.company_id, timeZone: access.company.time_zone },
          person,
          request.query.month,
          context.now(),
        );
      },
    );

    app.get(
      '/api/companies/:companyId/attendance/team',
      {
        config: { access: inCompany({ page: '/team-attendance' }) },
        schema: {
          tags,
          summary: 'A team’s attendance on each of the days up to `to` (the viewer’s today), newest first',
          params: CompanyParams,
          querystring: Type.Object({ teamId: Id, to: DayText, days: Type.Integer({ minimum: 1, maximum: MAX_RANGE_DAYS }) }),
          response: { 200: TeamAttendance, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const to = checkedDay(request.query.to);
        const team = await visibleTeam(db, access, request.query.teamId);
        return teamAttendance(db, access.company.company_id, { ...team, seesAdmins: seesAdmins(access.actor) }, to, request.query.days, context.now());
      },
    );

    app.get(
      '/api/companies/:companyId/attendance/team/people',
      {
        config: { access: inCompany({ page: '/team-attendance' }) },
        schema: {
          tags,
          summary: 'The people behind one count of team attendance: present, absent, or short of the day’s working hours',
          params: CompanyParams,
          querystring: Type.Object({ teamId: Id, day: DayText, group: Type.Enum(TEAM_DAY_GROUPS), today: DayText }),
          response: { 200: TeamDayPeople, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { group } = request.query;
        const day = checkedDay(request.query.day);
        const today = checkedDay(request.query.today);
        const team = await visibleTeam(db, access, request.query.teamId);
        return { people: await teamDayPeople(db, access.company.company_id, { teamId: team.teamId, seesAdmins: seesAdmins(access.actor) }, day, group, today, context.now()) };
      },
    );

    app.get(
      '/api/companies/:companyId/attendance/records',
      {
        config: { access: inCompany({ page: '/v2/time-attendance' }) },
        schema: {
          tags,
          summary: 'The Time & Attendance table: the days people the caller may see were present, newest first, found by name or e-mail',
          params: CompanyParams,
          querystring: Type.Object({
            search: Type.Optional(Text(200)),
            day: Type.Optional(DayText),
            page: Type.Optional(PageNumber),
            pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
          }),
          response: { 200: AttendanceRecords, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { search = '', page = 1, pageSize = 10 } = request.query;
        const day = request.query.day ? checkedDay(request.query.day) : null;
        const people = (await dashboardPeople(db, access.company.company_id, { userId: access.userId, teams: visibleTeams(access.actor) })).map((p) => p.userId);
        return attendanceRecords(db, access.company.company_id, people, { search, day, page, pageSize }, context.now());
      },
    );
  };
}
