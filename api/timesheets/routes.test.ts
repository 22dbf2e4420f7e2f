import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndividualDashboard, TeamDashboard } from '../../domain/dashboards/views.ts';
import { accessDenied } from '../../domain/members/roles.ts';
import { timesheetStream } from '../../domain/timesheets/events.ts';
import { timesheetMessages } from '../../domain/timesheets/timesheet.ts';
import { totalOf, unitFigures } from '../../projections/timelog/queries.ts';
import { seedAttendanceCompany } from '../../tests/support/attendance-company.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import type { ApiUser } from '../../tests/support/users.ts';
import { readModelsIncludeAllWritten } from '../../tests/support/read-models.ts';
import { reassignOrphanedRequests } from '../requests/reassign.ts';
import { allowances } from '../limits/allowances.ts';
import { timesheetDecisionLimit } from './limits.ts';
import { timesheetAnswers } from './routes.ts';

/*
 * Ana Apollo's week of Monday 2 March 2026 (Asia/Kolkata, weeks from Monday):
 * two sessions, 2 h with 10 idle minutes and 3 h, and punches (see
 * attendance-company.ts). Max Manager manages her team; Ada is the Admin. Bob
 * Gemini (New York) punched on Tuesday 10 March; only Ada may approve his.
 */
let server: TestServer;
let clock: Date | null = null;
let admin: ApiUser;
let manager: ApiUser;
let ana: ApiUser;
let bob: ApiUser;
let companyId: string;
let apollo: string;
let projectId: string;
/** Ana's request for an hour of manual time on Wednesday 4 March, sent to Max before the week was approved. */
let manualTimeRequest: string;

const week = '2026-03-02';
const submit = (user: ApiUser, start: string, approverId: string, timeZone = 'Asia/Kolkata') =>
  user.call('POST', `/api/companies/${companyId}/timesheets/${start}/submit`, { approverId, note: 'All in', timeZone });
const answer = (user: ApiUser, action: 'approve' | 'reject' | 'reopen', of: ApiUser, start: string, reason?: string) =>
  user.call('POST', `/api/companies/${companyId}/timesheets/${of.userId}/${start}/${action}`, reason === undefined ? {} : { reason });
/** An hour from 09:00 on a day of Ana's, asked of Max. */
const manualTime = (date: string) => ({
  teamId: apollo,
  date,
  startHours: 9,
  startMinutes: 0,
  durationHours: 1,
  durationMinutes: 0,
  projectId,
  taskId: 'MO-1',
  assigneeId: manager.userId,
  timeZone: 'Asia/Kolkata',
});
const at = (instant: string) => {
  clock = new Date(instant);
};
const eventsOf = async (streamId: string) =>
  (await sql<{ type: string; data: { days?: string[] } }>`SELECT type, data FROM events WHERE stream_id = ${streamId} ORDER BY version`.execute(server.db)).rows;
const eventCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(server.db)).rows[0].n);

beforeAll(async () => {
  server = await startTestServer({ now: () => clock ?? new Date(), billing: { off: true } });
  ({ admin, manager, ana, bob, companyId, apollo, projectId } = await seedAttendanceCompany(server, (instant) => {
    clock = instant;
  }));
}, 120_000);

afterAll(() => server.close());

describe('timesheets', () => {
  it('are submitted from the period’s last day, to an approver one may ask, for a period that exists', async () => {
    at('2026-03-07T06:00:00Z'); // Saturday: the week ends tomorrow
    expect(await submit(ana, week, manager.userId)).toMatchObject({ status: 400, body: { message: timesheetMessages.notYet({ start: week, end: '2026-03-08' }) } });
    at('2026-03-10T06:00:00Z');
    expect(await submit(ana, '2026-03-03', manager.userId)).toMatchObject({ status: 404, body: { message: timesheetMessages.noSuchPeriod } });
    expect(await submit(ana, week, bob.userId)).toMatchObject({ status: 400, body: { message: timesheetMessages.chooseApprover } });
    const asked = await ana.call('POST', `/api/companies/${companyId}/regularization/requests`, manualTime('2026-03-04'));
    expect(asked.status).toBe(201);
    manualTimeRequest = asked.body.requestId;
    expect(await submit(ana, week, manager.userId)).toMatchObject({ status: 200, body: { message: timesheetAnswers.submitted } });
    expect(await submit(ana, week, manager.userId)).toMatchObject({ status: 409, body: { message: timesheetMessages.alreadySubmitted } });
  });

  it('are answered by the approver asked or an Admin, never by the person or a manager of another team', async () => {
    const before = await eventCount();
    expect(await answer(ana, 'approve', ana, week)).toMatchObject({ status: 403, body: { message: accessDenied } });
    expect(await answer(manager, 'reject', ana, week, ' ')).toMatchObject({ status: 400, body: { message: timesheetMessages.reasonRequired } });
    expect(await answer(manager, 'approve', bob, week)).toMatchObject({ status: 404 });
    expect(await eventCount()).toBe(before);
    expect(await answer(manager, 'reject', ana, week, 'Friday is missing')).toMatchObject({ status: 200, body: { message: timesheetAnswers.rejected } });
    expect(await submit(ana, week, manager.userId)).toMatchObject({ status: 200 });
  });

  it('record the figures approved exactly as the dashboards count them', async () => {
    expect(await answer(manager, 'approve', ana, week)).toMatchObject({ status: 200, body: { message: timesheetAnswers.approved } });
    const approved = (await eventsOf(timesheetStream(companyId, ana.userId, week))).find((event) => event.type === 'TimesheetApproved')!;
    const figures = totalOf(await unitFigures(server.db, companyId, { from: week, to: '2026-03-08' }, { teams: null, userIds: [ana.userId] }));
    expect((approved.data as { totals: unknown }).totals).toEqual({ trackedMinutes: 300, manualMinutes: 0, idleMinutes: 10, earningsCents: 0 });
    expect(figures).toMatchObject({ trackedMinutes: 300, idleMinutes: 10, manualMinutes: 0, earningsCents: 0 });
    expect(await answer(manager, 'approve', ana, week)).toMatchObject({ status: 409, body: { message: timesheetMessages.alreadyApproved } });
    // The read model shows the figures approved, to Ana and to Max; Bob sees nobody's.
    const march = `/api/companies/${companyId}/timesheets/${ana.userId}?from=2026-03-01&to=2026-03-31`;
    for (const reader of [ana, manager]) {
      expect((await reader.call('GET', march)).body).toMatchObject([
        { start: week, end: '2026-03-08', status: 'Approved', approver: { userId: manager.userId, name: 'Max Manager' }, note: 'All in', totals: (approved.data as { totals: unknown }).totals },
      ]);
    }
    expect((await bob.call('GET', march)).status).toBe(404);
  });

  it('lock the period’s days: a punch, a timer or manual time on them is refused, naming the period and who can reopen it', async () => {
    const locked = 'The timesheet for 2 Mar – 8 Mar 2026 is approved and locked, so its time cannot change. An Admin can reopen it.';
    at('2026-03-05T10:00:00Z'); // Thursday, in the approved week
    const before = await eventCount();
    expect(await ana.call('POST', `/api/companies/${companyId}/punch/in`, { timeZone: 'Asia/Kolkata' })).toMatchObject({ status: 409, body: { message: locked } });
    const taskId = 'MO-1';
    const start = await ana.call('POST', `/api/companies/${companyId}/timer/start`, { teamId: apollo, projectId, taskId, timeZone: 'Asia/Kolkata' });
    expect(start).toMatchObject({ status: 409, body: { message: locked } });
    // Manual time: neither asked for a locked day nor approved on one.
    at('2026-03-10T06:00:00Z');
    expect(await ana.call('POST', `/api/companies/${companyId}/regularization/requests`, manualTime('2026-03-06'))).toMatchObject({ status: 409, body: { message: locked } });
    const approval = await manager.call('POST', `/api/companies/${companyId}/regularization/requests/${manualTimeRequest}/approve`, { comment: 'Fine' });
    expect(approval).toMatchObject({ status: 409, body: { message: locked } });
    expect(await eventCount()).toBe(before);
  });

  it('are reopened by an Admin alone, with a reason; then the days take changes again', async () => {
    at('2026-03-10T06:00:00Z');
    expect(await answer(manager, 'reopen', ana, week, 'Payroll correction')).toMatchObject({ status: 403 });
    expect(await answer(admin, 'reopen', ana, week, '')).toMatchObject({ status: 400, body: { message: timesheetMessages.reasonRequired } });
    expect(await answer(admin, 'reopen', ana, week, 'Payroll correction')).toMatchObject({ status: 200, body: { message: timesheetAnswers.reopened } });
    at('2026-03-05T10:00:00Z');
    expect((await ana.call('POST', `/api/companies/${companyId}/punch/in`, { timeZone: 'Asia/Kolkata' })).status).toBe(200);
    const types = (await eventsOf(timesheetStream(companyId, ana.userId, week))).map((event) => event.type);
    expect(types.slice(-4)).toEqual(['TimesheetApproved', 'TimesheetBalanceRecorded', 'TimesheetReopened', 'TimesheetTimeChanged']);
    // The manual time asked for before the approval can be approved now.
    at('2026-03-10T06:00:00Z');
    expect((await manager.call('POST', `/api/companies/${companyId}/regularization/requests/${manualTimeRequest}/approve`, { comment: 'Fine' })).status).toBe(200);
  });

  it('let an approval and a punch on the period’s last day meet: the punch is written before the approval or not at all', async () => {
    // Bob's week of Monday 9 March, in New York; on its Sunday evening he submits to Ada.
    const bobsWeek = '2026-03-09';
    at('2026-03-15T22:00:00Z');
    expect((await submit(bob, bobsWeek, admin.userId, 'America/New_York')).status).toBe(200);
    const [approved, punched] = await Promise.all([
      answer(admin, 'approve', bob, bobsWeek),
      bob.call('POST', `/api/companies/${companyId}/punch/in`, { timeZone: 'America/New_York' }),
    ]);
    expect(approved.status).toBe(200);
    const stream = await eventsOf(timesheetStream(companyId, bob.userId, bobsWeek));
    const approval = stream.findIndex((event) => event.type === 'TimesheetApproved');
    // Nothing after the approval changed the week's time.
    expect(stream.slice(approval + 1).filter((event) => event.type === 'TimesheetTimeChanged')).toEqual([]);
    if (punched.status === 200) expect(stream.slice(0, approval).some((event) => event.data.days?.includes('2026-03-15'))).toBe(true);
    else expect(punched.body.message).toBe('The timesheet for 9 Mar – 15 Mar 2026 is approved and locked, so its time cannot change. An Admin can reopen it.');
  });

  it('refuse the desktop agent’s usage sent late for a day of an approved period', async () => {
    // Ana's week of Monday 9 March: half an hour tracked on its Sunday, then submitted and approved.
    const nextWeek = '2026-03-09';
    at('2026-03-15T09:50:00Z');
    expect((await ana.call('POST', `/api/companies/${companyId}/punch/in`, { timeZone: 'Asia/Kolkata' })).status).toBe(200);
    at('2026-03-15T10:00:00Z');
    expect((await ana.call('POST', `/api/companies/${companyId}/timer/start`, { teamId: apollo, projectId, taskId: 'MO-1', timeZone: 'Asia/Kolkata' })).status).toBe(200);
    at('2026-03-15T10:30:00Z');
    expect((await ana.call('POST', `/api/companies/${companyId}/timer/stop`, {})).status).toBe(200);
    at('2026-03-15T10:40:00Z');
    expect((await submit(ana, nextWeek, manager.userId)).status).toBe(200);
    expect((await answer(manager, 'approve', ana, nextWeek)).status).toBe(200);
    // The agent was offline: what it saw at 10:05 arrives a quarter of an hour later.
    at('2026-03-15T10:45:00Z');
    const before = await eventCount();
    const late = await ana.call('POST', `/api/companies/${companyId}/app-usage`, {
      batchId: 'late-batch-1',
      samples: [{ application: 'Figma', windowTitle: null, start: '2026-03-15T10:05:00Z', seconds: 60, idle: false }],
    });
    expect(late).toMatchObject({ status: 409, body: { message: 'The timesheet for 9 Mar – 15 Mar 2026 is approved and locked, so its time cannot change. An Admin can reopen it.' } });
    expect(await eventCount()).toBe(before);
  });

  it('show a period’s days by project and task, adding up to the figures the dashboard shows; the same to the person and their approver', async () => {
    at('2026-03-10T06:00:00Z');
    const sheetOf = (reader: ApiUser, query = `day=2026-03-04`) => reader.call('GET', `/api/companies/${companyId}/timesheets/${ana.userId}/sheet?${query}`);
    const { status, body: sheet } = await sheetOf(ana);
    expect(status).toBe(200);
    expect(sheet).toMatchObject({ period: { start: week, end: '2026-03-08' }, status: 'Reopened', reason: 'Payroll correction', previousStart: '2026-02-23', nextStart: '2026-03-09', timerRunning: false });
    expect(sheet.days.map((day: { day: string }) => day.day)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
    const dashboard = (await ana.call('GET', `/api/companies/${companyId}/dashboards/individual?from=${week}&to=2026-03-08`)).body;
    const figures = ({ trackedMinutes, manualMinutes, idleMinutes, earningsCents }: Record<string, number>) => ({ trackedMinutes, manualMinutes, idleMinutes, earningsCents });
    expect(sheet.totals).toEqual(figures(dashboard.totals));
    expect(sheet.days.map(figures)).toEqual(dashboard.days.map(figures));
    // Each day's cells add up to the day, each row's to its total; the manual hour approved on Wednesday is there.
    sheet.days.forEach((day: { trackedMinutes: number }, index: number) => expect(sheet.rows.reduce((sum: number, row: { minutes: number[] }) => sum + row.minutes[index], 0)).toBe(day.trackedMinutes));
    for (const row of sheet.rows) expect(row.totalMinutes).toBe(row.minutes.reduce((sum: number, minutes: number) => sum + minutes, 0));
    expect(sheet.days[2]).toMatchObject({ manualMinutes: 60 });
    expect(sheet.totals.trackedMinutes).toBeGreaterThan(0);
    // Max sees the same sheet (his own timer is not told); Bob, of another team, sees nobody's.
    expect({ ...(await sheetOf(manager)).body }).toEqual(sheet);
    expect((await sheetOf(bob)).status).toBe(404);
    // Any day of the period names it; a period not begun is refused, as is a day that is not one.
    expect((await sheetOf(ana, 'day=2026-03-08')).body.period).toEqual(sheet.period);
    expect(await sheetOf(ana, 'day=2026-03-16')).toMatchObject({ status: 400, body: { message: timesheetMessages.notBegun } });
    expect((await sheetOf(ana, 'day=2026-02-30')).status).toBe(400);
    expect((await sheetOf(ana, 'day=2026-03-04&extra=1')).status).toBe(400);
  });

  it('keep the figures approved equal to the time log rebuilt from the log', async () => {
    const { rebuildProjection } = await import('../../projections/rebuild.ts');
    const { timelogProjection } = await import('../../projections/timelog/timelog.ts');
    const { timesheetsProjection } = await import('../../projections/timesheets/timesheets.ts');
    const approvedRows = () => server.db.selectFrom('timesheets').selectAll().where('company_id', '=', companyId).where('status', '=', 'Approved').orderBy(['user_id', 'period_start']).execute();
    const before = await approvedRows();
    expect(before.map((row) => row.period_start)).toEqual(['2026-03-09', '2026-03-09']);
    await rebuildProjection(server.db, server.store, timelogProjection);
    await rebuildProjection(server.db, server.store, timesheetsProjection);
    expect(await approvedRows()).toEqual(before);
    for (const row of before) {
      const figures = totalOf(await unitFigures(server.db, companyId, { from: row.period_start, to: row.period_end }, { teams: null, userIds: [row.user_id] }));
      const { trackedMinutes, manualMinutes, idleMinutes, earningsCents } = figures;
      expect(row.totals).toEqual({ trackedMinutes, manualMinutes, idleMinutes, earningsCents });
    }
    expect(before.find((row) => row.user_id === ana.userId)!.totals).toMatchObject({ trackedMinutes: 30 });
  });
});

describe('the approvals list', () => {
  const list = (user: ApiUser, query: string) => user.call('GET', `/api/companies/${companyId}/timesheets?${query}`);
  const names = (body: { rows: { person: { name: string } }[] }) => body.rows.map((row) => row.person.name);

  it('shows each approver the people they may approve, never themselves, with the figures the sheet shows', async () => {
    at('2026-03-20T06:00:00Z');
    const ofMax = await list(manager, `day=${week}`);
    expect(ofMax.status).toBe(200);
    expect(names(ofMax.body)).toEqual(['Ana Apollo']);
    const sheet = (await ana.call('GET', `/api/companies/${companyId}/timesheets/${ana.userId}/sheet?day=${week}`)).body;
    expect(ofMax.body.rows[0]).toMatchObject({ status: sheet.status, reason: sheet.reason, totals: sheet.totals });
    expect(ofMax.body).toMatchObject({ period: { start: week, end: '2026-03-08' }, previousStart: '2026-02-23', nextStart: '2026-03-09' });
    const ofAda = await list(admin, `day=${week}`);
    expect(names(ofAda.body)).toEqual(['Ana Apollo', 'Bob Gemini', 'Max Manager']);
    // By status; by default the latest period that has ended (the week of 9 March, before Friday 20 March's week).
    expect(names((await list(admin, `day=2026-03-12&status=Approved`)).body)).toEqual(['Ana Apollo', 'Bob Gemini']);
    expect((await list(admin, '')).body.period).toEqual({ start: '2026-03-09', end: '2026-03-15' });
    expect((await list(admin, `day=2026-03-09&teamId=${apollo}`)).body.rows.map((row: { status: string }) => row.status)).toEqual(['Approved', 'Open']);
  });

  it('is refused to a Member, and for a day that is not one or a period not begun', async () => {
    expect((await list(ana, `day=${week}`)).status).toBe(403);
    expect((await list(admin, 'day=2026-02-30')).status).toBe(400);
    expect(await list(admin, 'day=2026-03-23')).toMatchObject({ status: 400, body: { message: timesheetMessages.notBegun } });
    expect((await list(admin, 'status=Lost')).status).toBe(400);
    expect((await list(manager, `teamId=${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe('a bulk approval', () => {
  const approveAll = (user: ApiUser, timesheets: unknown) => user.call('POST', `/api/companies/${companyId}/timesheets/approve`, { timesheets });

  it('approves each timesheet it may and tells why not of the others', async () => {
    at('2026-03-20T06:00:00Z');
    expect((await submit(ana, week, manager.userId)).status).toBe(200);
    const answered = await approveAll(manager, [
      { userId: ana.userId, start: week },
      { userId: bob.userId, start: '2026-03-09' },
      { userId: ana.userId, start: '2026-03-09' },
    ]);
    expect(answered).toMatchObject({ status: 200, body: { message: '1 of 3 timesheets approved' } });
    expect(answered.body.results).toEqual([
      { userId: ana.userId, start: week, approved: true, message: null },
      { userId: bob.userId, start: '2026-03-09', approved: false, message: expect.any(String) },
      { userId: ana.userId, start: '2026-03-09', approved: false, message: timesheetMessages.alreadyApproved },
    ]);
    const types = (await eventsOf(timesheetStream(companyId, ana.userId, week))).map((event) => event.type);
    expect(types.slice(-2)).toEqual(['TimesheetApproved', 'TimesheetBalanceRecorded']);
  });

  it('takes between 1 and 200 timesheets of well-formed ids and days, and nothing else', async () => {
    const before = await eventCount();
    expect((await approveAll(manager, [])).status).toBe(400);
    expect((await approveAll(manager, [{ userId: 'x', start: week }])).status).toBe(400);
    expect((await approveAll(manager, [{ userId: ana.userId, start: week, extra: 1 }])).status).toBe(400);
    expect((await approveAll(manager, Array.from({ length: 201 }, () => ({ userId: ana.userId, start: week })))).status).toBe(400);
    expect((await approveAll(ana, [{ userId: ana.userId, start: week }])).status).toBe(403);
    expect(await eventCount()).toBe(before);
  });
});

describe('the exports', () => {
  const workbook = async (kind: 'attendance' | 'timelog', query: string) => {
    const response = await fetch(`${server.url}/api/companies/${companyId}/exports/${kind}?from=2026-03&userId=${ana.userId}${query}`, { headers: { cookie: admin.cookie } });
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    return { header, rows: Array.from({ length: sheet.rowCount - 1 }, (_, i) => (sheet.getRow(i + 2).values as unknown[]).slice(1)) };
  };
  const dayOf = (cell: unknown) => (cell as Date).toISOString().slice(0, 10);

  it('tell each row’s timesheet status, and keep only approved timesheets’ days when asked, with the summary counting the same', async () => {
    at('2026-03-20T08:00:00Z');
    const timelog = await workbook('timelog', '');
    const status = timelog.header.indexOf('Timesheet');
    expect(status).toBe(timelog.header.length - 1);
    const statusByDay = new Map(timelog.rows.map((row) => [dayOf(row[0]), row[status]]));
    // Weeks from Monday: 2–8 March and 9–15 March approved; 16 March on, open.
    for (const [day, shown] of statusByDay) expect(shown).toBe(day < '2026-03-16' ? 'Approved' : 'Open');
    const approved = await workbook('timelog', '&approvedOnly=true');
    expect(approved.rows).toEqual(timelog.rows.filter((row) => row[status] === 'Approved'));
    const attendance = await workbook('attendance', '&approvedOnly=true');
    expect(attendance.header.slice(0, 5)).toEqual(['Date', 'Status', 'Punched', 'Tracked', 'Timesheet']);
    expect(attendance.rows.map((row) => dayOf(row[0]))).toEqual(Array.from({ length: 14 }, (_, i) => `2026-03-${String(i + 2).padStart(2, '0')}`));
    const summary = (await admin.call('GET', `/api/companies/${companyId}/exports/summary?from=2026-03&userId=${ana.userId}&approvedOnly=true`)).body;
    expect(summary).toMatchObject({ attendanceDays: 14, timelogRows: approved.rows.length });
    expect((await admin.call('GET', `/api/companies/${companyId}/exports/summary?from=2026-03&userId=${ana.userId}&approvedOnly=maybe`)).status).toBe(400);
  });

  it('show on the attendance calendar which periods are locked', async () => {
    const month = (await ana.call('GET', `/api/companies/${companyId}/attendance/month?month=2026-03`)).body;
    expect(month.lockedPeriods).toEqual([
      { start: '2026-03-02', end: '2026-03-08' },
      { start: '2026-03-09', end: '2026-03-15' },
    ]);
    expect((await ana.call('GET', `/api/companies/${companyId}/attendance/month?month=2026-02`)).body.lockedPeriods).toEqual([]);
  });

  it('show on the performance dashboard’s rows whether the range’s ended periods are approved', async () => {
    const statusIn = async (from: string, to: string) => {
      const { people } = (await admin.call('GET', `/api/companies/${companyId}/performance?from=${from}&to=${to}`)).body as { people: { name: string; timesheet: string | null }[] };
      return people.find((person) => person.name === 'Ana Apollo')!.timesheet;
    };
    expect(await statusIn('2026-03-02', '2026-03-19')).toBe('Approved');
    expect(await statusIn('2026-02-23', '2026-03-15')).toBe('Open');
    expect(await statusIn('2026-03-17', '2026-03-19')).toBeNull();
  });

  it('show on the team and individual dashboards the same status as the performance dashboard, and the locked days', async () => {
    for (const [from, to] of [['2026-03-02', '2026-03-19'], ['2026-02-23', '2026-03-15'], ['2026-03-17', '2026-03-19']]) {
      const range = `from=${from}&to=${to}`;
      const performance = (await admin.call('GET', `/api/companies/${companyId}/performance?${range}`)).body as { people: { userId: string; timesheet: string | null }[] };
      const expected = new Map(performance.people.map((person) => [person.userId, person.timesheet]));
      const team = (await admin.call('GET', `/api/companies/${companyId}/dashboards/team?${range}`)).body as TeamDashboard;
      const rows = [...team.untracked, ...Object.values(team.topUsers).flat()];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect([row.name, row.timesheet]).toEqual([row.name, expected.get(row.userId)]);
      const individual = (await admin.call('GET', `/api/companies/${companyId}/dashboards/individual?${range}&userId=${ana.userId}`)).body as IndividualDashboard;
      expect(individual.person.timesheet).toBe(expected.get(ana.userId));
      for (const day of individual.days) expect([day.day, day.locked]).toEqual([day.day, day.day >= '2026-03-02' && day.day <= '2026-03-15']);
    }
  });

  it('show on Time & Attendance each day’s timesheet status', async () => {
    const { rows } = (await admin.call('GET', `/api/companies/${companyId}/attendance/records?search=Ana&pageSize=100`)).body as { rows: { day: string; timesheet: string }[] };
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.timesheet).toBe(row.day >= '2026-03-02' && row.day <= '2026-03-15' ? 'Approved' : 'Open');
    expect(rows.some((row) => row.timesheet === 'Approved')).toBe(true);
  });
});

describe('a timesheet waiting for an approver who leaves', () => {
  it('moves on to another who may approve it, as a request does', async () => {
    at('2026-03-23T06:00:00Z');
    expect((await submit(ana, '2026-03-16', manager.userId)).status).toBe(200);
    // Max leaves Apollo, Ana's only team: nobody else manages it, so her Admin approves.
    expect((await admin.call('DELETE', `/api/companies/${companyId}/teams/${apollo}/members/${manager.userId}`)).status).toBe(200);
    await readModelsIncludeAllWritten(server);
    await reassignOrphanedRequests({ store: server.store, db: server.db, now: new Date('2026-03-23T07:00:00Z') });
    await readModelsIncludeAllWritten(server);
    const [moved] = (await ana.call('GET', `/api/companies/${companyId}/timesheets/${ana.userId}?from=2026-03-16&to=2026-03-16`)).body;
    expect(moved).toMatchObject({ status: 'Submitted', approver: { userId: admin.userId, name: 'Ada Admin' } });
    expect((await eventsOf(timesheetStream(companyId, ana.userId, '2026-03-16'))).map((event) => event.type)).toEqual(['TimesheetSubmitted', 'TimesheetReassigned']);
  });

  it('keep a history of every decision, with who, when and why, for the person and those who see them', async () => {
    const historyOf = (reader: ApiUser, start: string) => reader.call('GET', `/api/companies/${companyId}/timesheets/${ana.userId}/${start}/history`);
    const moved = (await historyOf(ana, '2026-03-16')).body;
    expect(moved.map((entry: { action: string; by: { name: string } }) => [entry.action, entry.by.name])).toEqual([
      ['Submitted', 'Ana Apollo'],
      ['Moved', 'Timeledger'],
    ]);
    expect(moved[1].approver).toMatchObject({ name: 'Ada Admin' });
    const week1 = (await historyOf(admin, week)).body as { action: string; reason: string | null; totals: unknown }[];
    expect(week1.map((entry) => entry.action)).toEqual(['Submitted', 'Rejected', 'Submitted', 'Approved', 'Reopened', 'Submitted', 'Approved']);
    expect(week1[1].reason).toBe('Friday is missing');
    expect(week1[4].reason).toBe('Payroll correction');
    expect(week1[3].totals).toEqual({ trackedMinutes: 300, manualMinutes: 0, idleMinutes: 10, earningsCents: 0 });
    expect((await historyOf(bob, week)).status).toBe(404);
    expect(await historyOf(ana, '2026-03-03')).toMatchObject({ status: 404, body: { message: timesheetMessages.noSuchPeriod } });
  });
});

describe('timesheet decisions', () => {
  it('are limited per person to 1,000 an hour, a bulk approval counting each timesheet, answering 429 and writing nothing', async () => {
    const limits = allowances(server.db, () => clock ?? new Date());
    /** Takes all but `left` of the hour's decisions from someone. */
    const drain = async (user: ApiUser, left: number) => {
      for (let more = true; more; ) more = await limits.take(timesheetDecisionLimit, user.userId, 50).then(() => true, () => false);
      for (let more = true; more; ) more = await limits.take(timesheetDecisionLimit, user.userId).then(() => true, () => false);
      if (left > 0) await limits.giveBack(timesheetDecisionLimit, user.userId, left);
    };
    await drain(admin, 1);
    await drain(ana, 0);
    let before = await eventCount();
    const bulk = await admin.call('POST', `/api/companies/${companyId}/timesheets/approve`, { timesheets: [{ userId: ana.userId, start: '2026-03-16' }, { userId: bob.userId, start: '2026-03-16' }] });
    expect(bulk).toMatchObject({ status: 429, body: { message: timesheetDecisionLimit.message } });
    expect(await eventCount()).toBe(before);
    // The last one left: Ana's week, waiting for Ada since Max left, is rejected.
    expect(await answer(admin, 'reject', ana, '2026-03-16', 'Too late')).toMatchObject({ status: 200 });
    before = await eventCount();
    expect(await answer(admin, 'reopen', ana, week, 'Once more')).toMatchObject({ status: 429, body: { message: timesheetDecisionLimit.message } });
    expect(await submit(ana, '2026-03-16', admin.userId)).toMatchObject({ status: 429, body: { message: timesheetDecisionLimit.message } });
    expect(await eventCount()).toBe(before);
    for (const user of [admin, ana]) await limits.giveBack(timesheetDecisionLimit, user.userId, 1_000);
  });
});
