import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { WEEKDAYS } from '../../domain/dashboards/range.ts';
import { invalid } from '../../domain/shared/errors.ts';
import { monthOf, periodBalances, weekOf } from '../../domain/working-time/balance.ts';
import { regionsOf } from '../../domain/working-time/holidays.ts';
import { MAX_HOLIDAY_NAME, MAX_REASON } from '../../domain/working-time/limits.ts';
import { PersonId, PersonWorkingTime, ShownHoliday, TeamWorkingTime, WorkingTimeRulesView } from '../../domain/working-time/views.ts';
import { currentBalances, workingTimeAccounts } from '../../projections/working-time/index.ts';
import { companyHolidays, companyWorkingTime, holidaysAt } from '../../projections/working-time/queries.ts';
import { companyToday, visiblePerson, visibleTeam } from '../access/membership.ts';
import { dashboardPeople } from '../../projections/dashboards/queries.ts';
import { visibleTeams } from '../../domain/dashboards/access.ts';
import { accessOf, inCompany } from '../http/access.ts';
import { type ApiContext, positionText, requestMetadata } from '../http/context.ts';
import { workingTimeChangeLimit } from './limits.ts';
import { CommandResponse, CompanyParams, Day, errorResponses, Id, Nullable, Text } from '../http/schemas.ts';

export const workingTimeMessages = {
  monthInvalid: 'Please choose a month, written YYYY-MM.',
} as const;

/** A number from a form, checked by the decider, which answers with the form's own message. */
const FormInteger = Type.Integer({ minimum: -10_000_000, maximum: 10_000_000 });
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const WeekdayName = Type.Enum(WEEKDAYS);

/**
 * Working time: the company's working days, daily target, holidays and
 * balance rules (read by every member, changed by Admins), and each person's
 * account (their contracts, region, corrections and payouts, and the balance
 * they make), read by the person and those who see their figures.
 */
export function workingTimeRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { db, workingTime } = context;
  const tags = ['working-time'];
  const done = (message: string, position: Parameters<typeof positionText>[0]) => ({ message, position: positionText(position) });

  return async (app) => {
    // Every change counts against the person's hourly allowance, before its command runs (after the declared access is resolved).
    app.addHook('preHandler', async (request) => {
      if (request.method !== 'GET') await context.allowances.take(workingTimeChangeLimit, accessOf(request).userId);
    });

    app.get(
      '/api/companies/:companyId/working-time',
      {
        config: { access: inCompany() },
        schema: { tags, summary: "The company's working days, daily target, holiday region and balance rules", params: CompanyParams, response: { 200: WorkingTimeRulesView, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        const { workingDays, ...rules } = await companyWorkingTime(db, access.company.company_id);
        return { ...rules, workingDays: workingDays.map((day) => WEEKDAYS[day - 1]), regions: regionsOf(rules.country) };
      },
    );

    app.put(
      '/api/companies/:companyId/working-time/working-days',
      {
        config: { access: inCompany({ command: 'SetWorkingDays', write: true }) },
        schema: { tags, summary: 'Set the working days by name (Mon … Sun); the others are the Week Off', params: CompanyParams, body: Type.Object({ days: Type.Array(WeekdayName, { maxItems: 7 }) }), response: { 200: CommandResponse, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        const days = request.body.days.map((name) => WEEKDAYS.indexOf(name) + 1);
        return done('Working days updated', await workingTime.setWorkingDays(access, days, requestMetadata(request, access.userId)));
      },
    );

    app.put(
      '/api/companies/:companyId/working-time/daily-target',
      {
        config: { access: inCompany({ command: 'SetDailyTarget', write: true }) },
        schema: { tags, summary: 'Set the minutes a working day asks for (1 to 1,440); null: the daily threshold’s', params: CompanyParams, body: Type.Object({ minutes: Nullable(FormInteger) }), response: { 200: CommandResponse, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        return done('Daily target updated', await workingTime.setDailyTarget(access, request.body.minutes, requestMetadata(request, access.userId)));
      },
    );

    app.put(
      '/api/companies/:companyId/working-time/holiday-region',
      {
        config: { access: inCompany({ command: 'SetHolidayRegion', write: true }) },
        schema: { tags, summary: "Set the region of the company's country whose public holidays apply; null: the country's only", params: CompanyParams, body: Type.Object({ region: Nullable(Text(10)) }), response: { 200: CommandResponse, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        return done('Holiday region updated', await workingTime.setHolidayRegion(access, request.body.region, requestMetadata(request, access.userId)));
      },
    );

    app.put(
      '/api/companies/:companyId/working-time/balance-rules',
      {
        config: { access: inCompany({ command: 'SetBalanceRules', write: true }) },
        schema: {
          tags,
          summary: 'Set how balances carry over: a cap in minutes on the overtime carried into a month, the months after which overtime expires (null: none), whether idle time counts',
          params: CompanyParams,
          body: Type.Object({ carryOverCapMinutes: Nullable(FormInteger), overtimeExpiryMonths: Nullable(FormInteger), idleCounts: Type.Boolean() }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { carryOverCapMinutes, overtimeExpiryMonths, idleCounts } = request.body;
        return done('Balance rules updated', await workingTime.setBalanceRules(access, { carryOverCapMinutes, overtimeExpiryMonths, idleCounts }, requestMetadata(request, access.userId)));
      },
    );

    app.get(
      '/api/companies/:companyId/holidays',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: "The holidays of a year: the public ones of the company's country and region, and the company's own",
          params: CompanyParams,
          querystring: Type.Object({ year: Type.Integer({ minimum: 2000, maximum: 2100 }) }),
          response: { 200: Type.Array(ShownHoliday), ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { year } = request.query;
        const companyId = access.company.company_id;
        const [rules, own] = await Promise.all([companyWorkingTime(db, companyId), companyHolidays(db, companyId, `${year}-01-01`, `${year}-12-31`)]);
        return holidaysAt({ country: rules.country, region: rules.holidayRegion }, own, `${year}-01-01`, `${year}-12-31`);
      },
    );

    app.post(
      '/api/companies/:companyId/holidays',
      {
        config: { access: inCompany({ command: 'AddCompanyHoliday', write: true }) },
        schema: { tags, summary: 'Add a company holiday: a day without a target for everyone', params: CompanyParams, body: Type.Object({ day: Day, name: Text(MAX_HOLIDAY_NAME * 2) }), response: { 200: CommandResponse, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        const { day, name } = request.body;
        return done('Holiday added', await workingTime.addCompanyHoliday(access, { day, name }, requestMetadata(request, access.userId)));
      },
    );

    app.delete(
      '/api/companies/:companyId/holidays/:day',
      {
        config: { access: inCompany({ command: 'RemoveCompanyHoliday', write: true }) },
        schema: { tags, summary: 'Remove a company holiday', params: Type.Object({ companyId: CompanyParams.properties.companyId, day: Day }), response: { 200: CommandResponse, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        return done('Holiday removed', await workingTime.removeCompanyHoliday(access, request.params.day, requestMetadata(request, access.userId)));
      },
    );

    app.get(
      '/api/companies/:companyId/working-time/people',
      {
        config: { access: inCompany({ read: 'members' }) },
        schema: {
          tags,
          summary: "The balances of the people the caller manages (a team's, with teamId): each one's balance today and this month's target and worked time",
          params: CompanyParams,
          querystring: Type.Object({ teamId: Type.Optional(Id) }),
          response: { 200: TeamWorkingTime, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const companyId = access.company.company_id;
        const team = request.query.teamId ? await visibleTeam(db, access, request.query.teamId) : null;
        const people = await dashboardPeople(db, companyId, { userId: access.userId, teams: team ? [team.teamId] : visibleTeams(access.actor) });
        const today = companyToday(access, context.now());
        const balances = new Map((await currentBalances(db, { companyId, timeZone: access.company.time_zone }, people.map((person) => person.userId), today, (names) => context.watcher.reachedBy(names))).map((balance) => [balance.userId, balance]));
        return {
          today,
          people: people.flatMap((person) => {
            const balance = balances.get(person.userId);
            if (!balance) return [];
            const { balanceMinutes, monthTargetMinutes, monthWorkedMinutes } = balance;
            return [{ userId: person.userId, name: person.name, balanceMinutes, monthTargetMinutes, monthWorkedMinutes }];
          }),
        };
      },
    );

    app.get(
      '/api/companies/:companyId/working-time/people/:userId',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: "A person's working time for a month (this month when none): each day's target, worked time, difference and running balance, the weeks, the months of the year, the contracts, holidays, corrections and payouts",
          params: PersonId,
          querystring: Type.Object({ month: Type.Optional(Type.String({ maxLength: 7 })) }),
          response: { 200: PersonWorkingTime, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const person = await visiblePerson(db, access, request.params.userId);
        const today = companyToday(access, context.now());
        const month = request.query.month ?? monthOf(today);
        if (!MONTH.test(month)) throw invalid(workingTimeMessages.monthInvalid);
        const [account] = await workingTimeAccounts(db, { companyId: access.company.company_id, timeZone: access.company.time_zone }, [person.userId], today);
        const days = account?.days ?? [];
        const holidayNames = new Map((account?.holidays ?? []).map((holiday) => [holiday.day, holiday.name]));
        const year = month.slice(0, 4);
        return {
          person: { userId: person.userId, name: person.name },
          from: account?.from ?? today,
          today,
          month,
          balanceMinutes: days.at(-1)?.balanceMinutes ?? 0,
          days: days.filter((day) => monthOf(day.day) === month).map((day) => ({ ...day, holiday: holidayNames.get(day.day) ?? null })),
          weeks: periodBalances(days, weekOf).filter((week) => monthOf(week.to) === month || monthOf(week.from) === month),
          months: periodBalances(days, monthOf).filter((period) => period.from.startsWith(year)),
          contracts: account?.contracts ?? [],
          holidayRegion: account?.holidayRegion ?? null,
          holidays: (account?.holidays ?? []).filter((holiday) => monthOf(holiday.day) === month),
          entries: account?.entries ?? [],
        };
      },
    );

    app.put(
      '/api/companies/:companyId/working-time/people/:userId/contracts/:from',
      {
        config: { access: inCompany({ command: 'SetContract', write: true }) },
        schema: {
          tags,
          summary: "Set a person's contract from a day: the minutes of work of each weekday, Monday first, to a last day or open-ended (null); one from the same day is replaced",
          params: Type.Object({ ...PersonId.properties, from: Day }),
          body: Type.Object({ until: Nullable(Day), weekdayMinutes: Type.Array(FormInteger, { maxItems: 7 }) }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { userId, from } = request.params;
        const { until, weekdayMinutes } = request.body;
        return done('Contract saved', await workingTime.setContract(access, userId, { from, until, weekdayMinutes }, requestMetadata(request, access.userId)));
      },
    );

    app.delete(
      '/api/companies/:companyId/working-time/people/:userId/contracts/:from',
      {
        config: { access: inCompany({ command: 'RemoveContract', write: true }) },
        schema: { tags, summary: "Remove a person's contract", params: Type.Object({ ...PersonId.properties, from: Day }), response: { 200: CommandResponse, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        const { userId, from } = request.params;
        return done('Contract removed', await workingTime.removeContract(access, userId, from, requestMetadata(request, access.userId)));
      },
    );

    app.put(
      '/api/companies/:companyId/working-time/people/:userId/holiday-region',
      {
        config: { access: inCompany({ command: 'SetPersonHolidayRegion', write: true }) },
        schema: { tags, summary: "Set the region whose public holidays apply to a person; null: the company's", params: PersonId, body: Type.Object({ region: Nullable(Text(10)) }), response: { 200: CommandResponse, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        return done('Holiday region updated', await workingTime.setPersonHolidayRegion(access, request.params.userId, request.body.region, requestMetadata(request, access.userId)));
      },
    );

    const Entry = Type.Object({ day: Day, minutes: FormInteger, reason: Text(MAX_REASON * 2) });

    app.post(
      '/api/companies/:companyId/working-time/people/:userId/corrections',
      {
        config: { access: inCompany({ command: 'CorrectBalance', write: true }) },
        schema: { tags, summary: "Correct a person's balance by some minutes (either sign) on a day, with the reason", params: PersonId, body: Entry, response: { 200: CommandResponse, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        const { day, minutes, reason } = request.body;
        return done('Balance corrected', await workingTime.correctBalance(access, request.params.userId, { day, minutes, reason }, requestMetadata(request, access.userId)));
      },
    );

    app.post(
      '/api/companies/:companyId/working-time/people/:userId/payouts',
      {
        config: { access: inCompany({ command: 'PayOutOvertime', write: true }) },
        schema: { tags, summary: "Record overtime paid out: minutes taken off a person's balance on a day, with the reason", params: PersonId, body: Entry, response: { 200: CommandResponse, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        const { day, minutes, reason } = request.body;
        return done('Payout recorded', await workingTime.payOutOvertime(access, request.params.userId, { day, minutes, reason }, requestMetadata(request, access.userId)));
      },
    );
  };
}
