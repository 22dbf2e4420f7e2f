import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { leavePolicies, settingsOf } from '../../projections/settings/queries.ts';
import { accessOf, inCompany } from '../http/access.ts';
import { companyToday } from '../access/membership.ts';
import { type ApiContext, positionText, requestMetadata } from '../http/context.ts';
import { CommandResponse, CompanyParams, errorResponses, Id, Nullable } from '../http/schemas.ts';
import { type PeriodSchedule, ruleOn } from '../../domain/timesheets/periods.ts';

/** The rule in force today and the change waiting for the next period, if any. */
function ruleNowAndNext(schedule: PeriodSchedule, today: string) {
  const waiting = schedule.find((entry) => entry.from !== null && entry.from > today);
  return { current: ruleOn(schedule, today), next: waiting ? { from: waiting.from!, rule: waiting.rule } : null };
}

/** A number from a form, checked by the decider, which answers with the form's own message. */
const FormNumber = Type.Number({ minimum: -1_000_000, maximum: 1_000_000 });

const LeavePolicy = Type.Object({ year: Type.Integer(), paidLeaveDays: Type.Integer(), updatedAt: Type.String(), updatedBy: Type.String() });
const PeriodRule = Type.Object({ kind: Type.String(), startDay: Type.Optional(Type.Integer()) });
const CompanySettings = Type.Object({
  dailyThresholdHours: Type.Number(),
  screenshotsEnabled: Type.Boolean(),
  /** Days screenshots are kept before they are removed; null: until deleted. */
  screenshotRetentionDays: Nullable(Type.Integer()),
  /** The year it is in the company's time zone: the policy form's default, and the latest year but one it takes. */
  currentYear: Type.Integer(),
  leavePolicies: Type.Array(LeavePolicy),
  /** How timesheet periods are cut now, and a change waiting for the next period. */
  timesheetPeriods: Type.Object({ current: PeriodRule, next: Nullable(Type.Object({ from: Type.String(), rule: PeriodRule })) }),
  /** Days after a period ends before its timesheet reminders go out; null: none. */
  timesheetReminderDays: Nullable(Type.Integer()),
});

/**
 * The company's settings (management §2 /manage-settings): the daily
 * threshold, screenshots (on or off, how long they are kept, the storage they
 * take), the leave policy of each year, timesheet periods and reminders, read
 * by the managing roles; all but the threshold and screenshots are Admins' only.
 */
export function settingsRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { db, settings } = context;
  const tags = ['settings'];

  return async (app) => {
    app.get(
      '/api/companies/:companyId/settings',
      {
        config: { access: inCompany({ page: '/manage-settings' }) },
        schema: {
          tags,
          summary: 'The daily threshold, screenshots and the leave policy of each year',
          params: CompanyParams,
          response: { 200: CompanySettings, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const companyId = access.company.company_id;
        const [current, policies] = await Promise.all([settingsOf(db, companyId), leavePolicies(db, companyId)]);
        return {
          dailyThresholdHours: current.dailyThresholdMinutes / 60,
          screenshotsEnabled: current.screenshotsEnabled,
          screenshotRetentionDays: current.screenshotRetentionDays,
          currentYear: settings.currentYear(access),
          leavePolicies: policies,
          timesheetPeriods: ruleNowAndNext(current.timesheetPeriods, companyToday(access, context.now())),
          timesheetReminderDays: current.timesheetReminderDays,
        };
      },
    );

    app.put(
      '/api/companies/:companyId/settings/threshold',
      {
        config: { access: inCompany({ command: 'SetDailyThreshold', write: true }) },
        schema: {
          tags,
          summary: 'Set the daily threshold in hours (1 to 24): below it a day counts as working hours not completed',
          params: CompanyParams,
          body: Type.Object({ hours: FormNumber }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const position = await settings.setDailyThreshold(access, { hours: request.body.hours }, requestMetadata(request, access.userId));
        return { message: 'Threshold updated successfully', position: positionText(position) };
      },
    );

    app.put(
      '/api/companies/:companyId/settings/screenshots',
      {
        config: { access: inCompany({ command: 'SetScreenshots', write: true }) },
        schema: {
          tags,
          summary: 'Turn the desktop agent’s screenshots on or off',
          params: CompanyParams,
          body: Type.Object({ enabled: Type.Boolean() }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { enabled } = request.body;
        const position = await settings.setScreenshots(access, { enabled }, requestMetadata(request, access.userId));
        return { message: enabled ? 'Screenshots enabled' : 'Screenshots disabled', position: positionText(position) };
      },
    );

    app.put(
      '/api/companies/:companyId/settings/screenshot-retention',
      {
        config: { access: inCompany({ command: 'SetScreenshotRetention', write: true }) },
        schema: {
          tags,
          summary: 'How long screenshots are kept before they are removed (Admins only): 30, 90, 180 or 365 days, or null until deleted',
          params: CompanyParams,
          body: Type.Object({ days: Nullable(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })) }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const position = await settings.setScreenshotRetention(access, { days: request.body.days }, requestMetadata(request, access.userId));
        return { message: 'Screenshot retention updated', position: positionText(position) };
      },
    );

    app.get(
      '/api/companies/:companyId/settings/screenshot-storage',
      {
        config: { access: inCompany({ command: 'SetScreenshotRetention' }) },
        schema: {
          tags,
          summary: 'The bytes of screenshots the company stores, and how many it may (Admins only)',
          params: CompanyParams,
          response: { 200: Type.Object({ usedBytes: Type.Integer(), limitBytes: Type.Integer() }), ...errorResponses },
        },
      },
      async (request) => {
        // Those who choose how long screenshots are kept see what they take.
        const access = accessOf(request);
        return context.screenshots.storageUsed(access);
      },
    );

    app.put(
      '/api/companies/:companyId/settings/timesheet-period',
      {
        config: { access: inCompany({ command: 'SetTimesheetPeriod', write: true }) },
        schema: {
          tags,
          summary: 'How timesheet periods are cut from the next period on (Admins only): weekly or biweekly with a start day (1 Monday … 7 Sunday), semimonthly or monthly',
          params: CompanyParams,
          body: Type.Object({ kind: Type.String({ maxLength: 20 }), startDay: Type.Optional(Type.Integer({ minimum: -1_000, maximum: 1_000 })) }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { kind, startDay } = request.body;
        const position = await settings.setTimesheetPeriod(access, { rule: { kind, startDay } }, requestMetadata(request, access.userId));
        return { message: 'Timesheet period updated: it applies from the next period', position: positionText(position) };
      },
    );

    app.put(
      '/api/companies/:companyId/settings/timesheet-reminders',
      {
        config: { access: inCompany({ command: 'SetTimesheetReminders', write: true }) },
        schema: {
          tags,
          summary:
            'How many days after a period ends its timesheet reminders go out (Admins only): 0 to 14, or null for none. Each person who has not submitted gets one, each approver one digest of the timesheets waiting',
          params: CompanyParams,
          body: Type.Object({ days: Nullable(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })) }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const position = await settings.setTimesheetReminders(access, { days: request.body.days }, requestMetadata(request, access.userId));
        return { message: 'Timesheet reminders updated', position: positionText(position) };
      },
    );

    app.put(
      '/api/companies/:companyId/leave-policies/:year',
      {
        config: { access: inCompany({ write: true }) },
        schema: {
          tags,
          summary: 'Set a year’s paid leave days per person (Admins only)',
          params: Type.Object({ companyId: Id, year: Type.Integer({ minimum: 0, maximum: 9999 }) }),
          body: Type.Object({ paidLeaveDays: FormNumber }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        // The decider refuses everyone but Admins with the spec's own message.
        const access = accessOf(request);
        const { year } = request.params;
        const position = await settings.setLeavePolicy(access, { year, paidLeaveDays: request.body.paidLeaveDays }, requestMetadata(request, access.userId));
        return { message: 'Leave policy updated successfully', position: positionText(position) };
      },
    );
  };
}
