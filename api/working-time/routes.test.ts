import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessDenied } from '../../domain/members/roles.ts';
import { accountMessages } from '../../domain/working-time/account.ts';
import { workingTimeRulesMessages } from '../../domain/working-time/company-rules.ts';
import { contractMessages } from '../../domain/working-time/targets.ts';
import { allowances } from '../limits/allowances.ts';
import { workingTimeChangeLimit } from './limits.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../../tests/support/users.ts';

/*
 * Working time over HTTP, on an Indian company created Monday 2 March 2026:
 * Ana (Member of Apollo) tracks 9 h on Monday and 6 h on Tuesday; Hal heads
 * Apollo; Ada is the Admin. Read on Friday 6 March, the company's today.
 */
let server: TestServer;
let clock: Date | null = null;
let admin: ApiUser;
let head: ApiUser;
let ana: ApiUser;
/** Founds the German and American companies (an account founds at most 3 a day). */
let globe: ApiUser;
let outsider: ApiUser;
/** Gil's company in Bavaria. */
let bavariaId: string;
let companyId: string;

const at = (iso: string) => (clock = new Date(iso));
const base = () => `/api/companies/${companyId}`;
const anaPath = () => `${base()}/working-time/people/${ana.userId}`;
const eventCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(server.db)).rows[0].n);
const FRIDAY = '2026-03-06T10:00:00Z';

async function track(user: ApiUser, teamId: string, projectId: string, taskId: string, start: string, end: string) {
  at(start);
  expect((await user.call('POST', `${base()}/punch/in`, { timeZone: 'Asia/Kolkata' })).status).toBe(200);
  const started = await user.call('POST', `${base()}/timer/start`, { teamId, projectId, taskId, timeZone: 'Asia/Kolkata' });
  if (started.status !== 200) throw new Error(JSON.stringify(started.body));
  at(end);
  expect((await user.call('POST', `${base()}/timer/stop`, {})).status).toBe(200);
  expect((await user.call('POST', `${base()}/punch/out`, { timeZone: 'Asia/Kolkata' })).status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ now: () => clock ?? new Date(), billing: { off: true } });
  [admin, head, ana, globe, outsider] = await Promise.all([
    signedInUser(server, 'ada@working-time.test', 'Ada Admin'),
    signedInUser(server, 'hal@working-time.test', 'Hal Head'),
    signedInUser(server, 'ana@working-time.test', 'Ana Apollo'),
    signedInUser(server, 'gil@working-time.test', 'Gil Globe'),
    signedInUser(server, 'out@working-time.test', 'Olga Outsider'),
  ]);
  // Signed in on the real clock (their session cookies are checked against it); the company is created on Monday morning.
  at('2026-03-02T02:00:00Z');
  companyId = await createCompany(admin, 'Ledger Works');
  const apollo: string = (await admin.call('POST', `${base()}/teams`, { name: 'Apollo' })).body.teamId;
  await inviteAndAccept(server, admin, companyId, head, 'Head', [apollo]);
  await inviteAndAccept(server, admin, companyId, ana, 'Member', [apollo]);
  const projectId: string = (await admin.call('POST', `${base()}/projects`, { name: 'Moonshot' })).body.projectId;
  const taskId: string = (await admin.call('POST', `${base()}/tasks`, { projectId, title: 'Survey', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: ana.userId })).body.taskId;
  // Monday 09:30–18:30 and Tuesday 09:30–15:30 in Kolkata.
  await track(ana, apollo, projectId, taskId, '2026-03-02T04:00:00Z', '2026-03-02T13:00:00Z');
  await track(ana, apollo, projectId, taskId, '2026-03-03T04:00:00Z', '2026-03-03T10:00:00Z');
  at(FRIDAY);
}, 120_000);

afterAll(() => server.close());

describe('working-time rules', () => {
  it("start with Monday to Friday and the daily threshold's 8 hours, the company's country and its regions", async () => {
    const { status, body } = await ana.call('GET', `${base()}/working-time`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ country: 'IN', workingDays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'], dailyTargetMinutes: 480, targetFollowsThreshold: true, holidayRegion: null, carryOverCapMinutes: null, overtimeExpiryMonths: null, idleCounts: true });
    expect(body.regions).toContainEqual({ code: 'DL', name: expect.any(String) });
  });

  it('are an Admin’s to change; a Head’s or Member’s attempt writes nothing', async () => {
    const before = await eventCount();
    for (const user of [head, ana]) {
      expect(await user.call('PUT', `${base()}/working-time/working-days`, { days: ['Mon', 'Tue', 'Wed', 'Thu'] })).toMatchObject({ status: 403, body: { message: accessDenied } });
      expect((await user.call('POST', `${base()}/holidays`, { day: '2026-03-05', name: 'Founders Day' })).status).toBe(403);
    }
    expect(await eventCount()).toBe(before);
  });

  it('refuse bad input with a message naming it, writing nothing', async () => {
    const before = await eventCount();
    expect(await admin.call('PUT', `${base()}/working-time/working-days`, { days: [] })).toMatchObject({ status: 400, body: { message: workingTimeRulesMessages.workingDaysInvalid } });
    expect((await admin.call('PUT', `${base()}/working-time/working-days`, { days: [1, 2] })).status).toBe(400);
    expect(await admin.call('PUT', `${base()}/working-time/daily-target`, { minutes: 1500 })).toMatchObject({ status: 400, body: { message: workingTimeRulesMessages.dailyTargetInvalid } });
    expect(await admin.call('PUT', `${base()}/working-time/holiday-region`, { region: 'BY' })).toMatchObject({ status: 400, body: { message: workingTimeRulesMessages.regionUnknown } });
    expect((await admin.call('PUT', `${base()}/working-time/daily-target`, { minutes: 420, companyId: 'x' })).status).toBe(400);
    expect((await admin.call('POST', `${base()}/holidays`, { day: '2026-02-30', name: 'Nope' })).status).toBe(400);
    expect(await eventCount()).toBe(before);
  });
});

describe('public holidays', () => {
  it("follow the company's country and region: India, Germany's Bavaria, the United States", async () => {
    const india = (await admin.call('GET', `${base()}/holidays?year=2026`)).body;
    expect(india).toContainEqual({ day: '2026-01-26', name: 'Republic Day', kind: 'public' });

    const holidaysOf = async (code: string, country: string, region: string | null) => {
      const created = await globe.call('POST', '/api/companies', { name: `${country} ${region ?? 'All'}`, location: { country, code }, timeZone: 'Europe/Berlin', workingHours: { start: '09:00', end: '17:00' } });
      expect(created.status).toBe(201);
      const id = created.body.companyId;
      if (region === 'BY') bavariaId = id;
      if (region) expect((await globe.call('PUT', `/api/companies/${id}/working-time/holiday-region`, { region })).status).toBe(200);
      return (await globe.call('GET', `/api/companies/${id}/holidays?year=2026`)).body.map((holiday: { day: string }) => holiday.day);
    };
    const bavaria = await holidaysOf('DE', 'Germany', 'BY');
    expect(bavaria).toEqual(expect.arrayContaining(['2026-01-06', '2026-06-04', '2026-10-03']));
    const germany = await holidaysOf('DE', 'Germany', null);
    expect(germany).toContain('2026-10-03');
    expect(germany).not.toContain('2026-01-06');
    expect(await holidaysOf('US', 'United States', null)).toEqual(expect.arrayContaining(['2026-07-03', '2026-07-04', '2026-11-26']));
  });
});

describe("a person's working time", () => {
  it('counts each working day’s target against worked time, from the day they joined to today', async () => {
    const { status, body } = await ana.call('GET', anaPath());
    expect(status).toBe(200);
    expect(body.from).toBe('2026-03-02');
    expect(body.today).toBe('2026-03-06');
    expect(body.days.map((day: { day: string; targetMinutes: number; workedMinutes: number; balanceMinutes: number }) => [day.day, day.targetMinutes, day.workedMinutes, day.balanceMinutes])).toEqual([
      ['2026-03-02', 480, 540, 60],
      ['2026-03-03', 480, 360, -60],
      ['2026-03-04', 480, 0, -540],
      ['2026-03-05', 480, 0, -1020],
      ['2026-03-06', 480, 0, -1500],
    ]);
    expect(body.balanceMinutes).toBe(-1500);
    expect(body.months).toEqual([expect.objectContaining({ from: '2026-03-02', to: '2026-03-06', targetMinutes: 2400, workedMinutes: 900, closingMinutes: -1500 })]);
  });

  it("agrees with the individual dashboard's tracked minutes, day by day", async () => {
    const dashboard = (await admin.call('GET', `${base()}/dashboards/individual?userId=${ana.userId}&from=2026-03-02&to=2026-03-06`)).body;
    const working = (await admin.call('GET', anaPath())).body;
    expect(working.days.map((day: { workedMinutes: number }) => day.workedMinutes)).toEqual(dashboard.days.map((day: { trackedMinutes: number }) => day.trackedMinutes));
  });

  it('follows a part-time contract from the middle of the week, set by the Head of her team', async () => {
    const contract = { until: null, weekdayMinutes: [360, 360, 360, 360, 0, 0, 0] };
    expect(await head.call('PUT', `${anaPath()}/contracts/2026-03-04`, contract)).toMatchObject({ status: 200, body: { message: 'Contract saved' } });
    const days = (await ana.call('GET', anaPath())).body.days;
    expect(days.map((day: { targetMinutes: number }) => day.targetMinutes)).toEqual([480, 480, 360, 360, 0]);
    expect(days.at(-1).balanceMinutes).toBe(60 - 120 - 360 - 360);
  });

  it('refuses a contract day over 24 hours, an overlap and a Member, writing nothing', async () => {
    const before = await eventCount();
    expect(await admin.call('PUT', `${anaPath()}/contracts/2026-04-01`, { until: null, weekdayMinutes: [1500, 0, 0, 0, 0, 0, 0] })).toMatchObject({ status: 400, body: { message: contractMessages.dayTooLong } });
    const overlap = await admin.call('PUT', `${anaPath()}/contracts/2026-03-01`, { until: '2026-03-10', weekdayMinutes: [480, 480, 480, 480, 480, 0, 0] });
    expect(overlap).toMatchObject({ status: 400, body: { message: expect.stringContaining('overlaps the one from 2026-03-04') } });
    expect((await ana.call('PUT', `${anaPath()}/contracts/2026-04-01`, { until: null, weekdayMinutes: [60, 0, 0, 0, 0, 0, 0] })).status).toBe(403);
    expect((await admin.call('PUT', `${anaPath()}/contracts/2026-04-01`, { until: null, weekdayMinutes: [60, 0, 0, 0, 0, 0, 0], userId: admin.userId })).status).toBe(400);
    expect(await admin.call('PUT', `${anaPath()}/holiday-region`, { region: 'XX' })).toMatchObject({ status: 400, body: { message: workingTimeRulesMessages.regionUnknown } });
    expect(await eventCount()).toBe(before);
  });

  it('gives a company holiday no target, and shows it', async () => {
    expect(await admin.call('POST', `${base()}/holidays`, { day: '2026-03-05', name: 'Founders Day' })).toMatchObject({ status: 200, body: { message: 'Holiday added' } });
    const body = (await ana.call('GET', anaPath())).body;
    expect(body.days.find((day: { day: string }) => day.day === '2026-03-05')).toMatchObject({ targetMinutes: 0, holiday: 'Founders Day' });
    expect(body.holidays).toEqual([{ day: '2026-03-05', name: 'Founders Day', kind: 'company' }]);
    expect(body.balanceMinutes).toBe(60 - 120 - 360);
  });

  it('shows the holiday on the attendance calendar and counts nobody Absent on it in team attendance', async () => {
    const month = (await ana.call('GET', `${base()}/attendance/month?month=2026-03`)).body;
    expect(month.days.find((day: { day: string }) => day.day === '2026-03-05')).toMatchObject({ status: 'holiday', holiday: 'Founders Day' });
    expect(month.days.find((day: { day: string }) => day.day === '2026-03-04')).toMatchObject({ status: 'absent', holiday: null });
    expect(month.counts).toMatchObject({ holiday: 1 });
    const teams = (await admin.call('GET', `${base()}/teams`)).body;
    const teamId = (Array.isArray(teams) ? teams : teams.teams)[0].teamId;
    const team = (await admin.call('GET', `${base()}/attendance/team?teamId=${teamId}&to=2026-03-06&days=3`)).body;
    const day = (date: string) => team.days.find((entry: { day: string }) => entry.day === date);
    // Ana (a Member) and Hal (a Head) had nothing recorded on either day: Absent on the Wednesday, not on the holiday.
    expect(day('2026-03-04').absent).toBeGreaterThanOrEqual(2);
    expect(day('2026-03-05').absent).toBe(0);
  });

  it('spends no paid leave day on a holiday', async () => {
    expect((await admin.call('PUT', `${base()}/leave-policies/2026`, { paidLeaveDays: 5 })).status).toBe(200);
    expect((await admin.call('POST', `${base()}/holidays`, { day: '2026-03-09', name: 'Spring Day' })).status).toBe(200);
    for (const leaveDate of ['2026-03-09', '2026-03-10']) {
      const asked = await ana.call('POST', `${base()}/leave/requests`, { leaveDate, type: 'Paid Leave', comment: '', assigneeId: admin.userId, timeZone: 'Asia/Kolkata' });
      expect(asked.status).toBe(201);
    }
    expect((await ana.call('GET', `${base()}/leave/balance?year=2026`)).body).toMatchObject({ allocated: 5, used: 0, pending: 1, available: 4 });
    expect((await admin.call('DELETE', `${base()}/holidays/2026-03-09`)).status).toBe(200);
    expect((await ana.call('GET', `${base()}/leave/balance?year=2026`)).body).toMatchObject({ pending: 2, available: 3 });
  });

  it('takes corrections and payouts from an Admin, with a reason, into the balance and the activity log', async () => {
    expect((await admin.call('POST', `${anaPath()}/corrections`, { day: '2026-03-04', minutes: 600, reason: 'Worked offline' })).status).toBe(200);
    expect((await admin.call('POST', `${anaPath()}/payouts`, { day: '2026-03-06', minutes: 30, reason: 'Paid in March' })).status).toBe(200);
    expect(await admin.call('POST', `${anaPath()}/payouts`, { day: '2026-03-06', minutes: 30, reason: '  ' })).toMatchObject({ status: 400, body: { message: accountMessages.reasonInvalid } });
    expect((await head.call('POST', `${anaPath()}/corrections`, { day: '2026-03-04', minutes: 60, reason: 'x' })).status).toBe(403);
    const body = (await ana.call('GET', anaPath())).body;
    expect(body.balanceMinutes).toBe(60 - 120 - 360 + 600 - 30);
    expect(body.entries).toEqual([
      expect.objectContaining({ day: '2026-03-04', kind: 'correction', minutes: 600, reason: 'Worked offline', byName: 'Ada Admin' }),
      expect.objectContaining({ day: '2026-03-06', kind: 'payout', minutes: 30, reason: 'Paid in March', byName: 'Ada Admin' }),
    ]);
    const log = (await admin.call('GET', `${base()}/activity-log?kind=working-time`)).body.entries.map((entry: { sentence: string }) => entry.sentence);
    expect(log).toEqual(expect.arrayContaining(["Ada Admin paid out 30m of Ana Apollo's overtime on 6 Mar 2026: Paid in March", "Ada Admin corrected Ana Apollo's balance by +10h on 4 Mar 2026: Worked offline"]));
  });

  it('caps the overtime carried into the next month, and lets overtime expire a month after the month it was earned', async () => {
    expect((await admin.call('PUT', `${base()}/working-time/balance-rules`, { carryOverCapMinutes: 60, overtimeExpiryMonths: 1, idleCounts: true })).status).toBe(200);
    expect((await admin.call('POST', `${anaPath()}/corrections`, { day: '2026-03-06', minutes: 6000, reason: 'Overtime from the launch' })).status).toBe(200);
    // From April Ana has no set hours, so only her overtime moves the balance.
    expect((await admin.call('PUT', `${anaPath()}/contracts/2026-03-04`, { until: '2026-03-31', weekdayMinutes: [360, 360, 360, 360, 0, 0, 0] })).status).toBe(200);
    expect((await admin.call('PUT', `${anaPath()}/contracts/2026-04-01`, { until: null, weekdayMinutes: [0, 0, 0, 0, 0, 0, 0] })).status).toBe(200);
    at('2026-04-02T10:00:00Z');
    expect((await admin.call('POST', `${anaPath()}/corrections`, { day: '2026-04-01', minutes: 600, reason: 'Easter weekend on call' })).status).toBe(200);
    at('2026-06-01T10:00:00Z');
    const months = (await ana.call('GET', `${anaPath()}?month=2026-05`)).body.months.map((month: { from: string; expiredMinutes: number; forfeitedMinutes: number; closingMinutes: number }) => [
      month.from,
      month.expiredMinutes,
      month.forfeitedMinutes,
      month.closingMinutes,
    ]);
    // March closes at 1,110 minutes over: 60 carried. April: March's 60 expire, its own 600 are capped to 60. May: April's 60 expire. June so far: nothing.
    expect(months).toEqual([
      ['2026-03-02', 0, 1050, 60],
      ['2026-04-01', 60, 540, 60],
      ['2026-05-01', 60, 0, 0],
      ['2026-06-01', 0, 0, 0],
    ]);
    at(FRIDAY);
  });

  it("exports a row per month in the page's figures", async () => {
    const page = (await admin.call('GET', `${anaPath()}?month=2026-03`)).body;
    const response = await fetch(`${server.url}${base()}/exports/working-time?from=2026-03&userId=${ana.userId}`, { headers: { cookie: admin.cookie } });
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Working time')!;
    // A time cell reads back as a date from Excel's epoch: days since 30 Dec 1899.
    const minutes = (cell: ExcelJS.CellValue) => Math.round((cell instanceof Date ? cell.getTime() / 86_400_000 + 25_569 : Number(cell)) * 1440);
    const march = sheet.getRow(2).values as ExcelJS.CellValue[];
    expect(march.slice(1, 3)).toEqual(['Ana Apollo', '2026-03']);
    const month = page.months.find((entry: { from: string }) => entry.from.startsWith('2026-03'));
    expect([3, 4, 5, 6, 9].map((column) => minutes(march[column]))).toEqual([month.targetMinutes, month.workedMinutes, month.differenceMinutes, month.adjustedMinutes, month.closingMinutes]);
    expect(month.closingMinutes).toBe(page.balanceMinutes);
  });

  it("lists the balances of the people a manager sees, as each one's page has them", async () => {
    const { body } = await admin.call('GET', `${base()}/working-time/people`);
    const anas = body.people.find((person: { userId: string }) => person.userId === ana.userId);
    const page = (await admin.call('GET', anaPath())).body;
    expect(anas).toMatchObject({ name: 'Ana Apollo', balanceMinutes: page.balanceMinutes });
    expect(anas.monthWorkedMinutes).toBe(page.days.reduce((sum: number, day: { workedMinutes: number }) => sum + day.workedMinutes, 0));
    expect((await head.call('GET', `${base()}/working-time/people`)).body.people.map((person: { name: string }) => person.name)).toContain('Ana Apollo');
    expect((await ana.call('GET', `${base()}/working-time/people`)).status).toBe(403);
  });

  it('keeps each balance at the end of yesterday, drops it when a change reaches back, and lists what the page shows all along', async () => {
    at('2026-04-10T10:00:00Z');
    // No cap nor expiry: every minute of March carries into April.
    expect((await admin.call('PUT', `${base()}/working-time/balance-rules`, { carryOverCapMinutes: null, overtimeExpiryMonths: null, idleCounts: true })).status).toBe(200);
    const kept = async () => (await server.db.selectFrom('working_time_snapshots').select(['user_id', 'through_day']).where('company_id', '=', companyId).execute()).map((row) => [row.user_id, row.through_day]);
    const listed = async () => {
      const anas = (await admin.call('GET', `${base()}/working-time/people`)).body.people.find((person: { userId: string }) => person.userId === ana.userId);
      return [anas.balanceMinutes, anas.monthTargetMinutes, anas.monthWorkedMinutes];
    };
    const page = async () => {
      const body = (await admin.call('GET', anaPath())).body;
      const sum = (key: 'targetMinutes' | 'workedMinutes') => body.days.reduce((total: number, day: Record<string, number>) => total + day[key], 0);
      return [body.balanceMinutes, sum('targetMinutes'), sum('workedMinutes')];
    };
    const first = await listed();
    expect(first).toEqual(await page());
    expect(await kept()).toContainEqual([ana.userId, '2026-04-09']);
    // Read again from where it was kept: the same figures.
    expect(await listed()).toEqual(first);
    const plus = (minutes: number) => [first[0] + minutes, first[1], first[2]];

    // A correction in March drops Ana's kept balance, a company holiday in March everyone's; both count at once.
    expect((await admin.call('POST', `${anaPath()}/corrections`, { day: '2026-03-20', minutes: 45, reason: 'Stocktaking' })).status).toBe(200);
    expect((await kept()).map(([userId]) => userId)).not.toContain(ana.userId);
    expect(await listed()).toEqual(plus(45));
    expect(await kept()).toContainEqual([ana.userId, '2026-04-09']);
    expect((await admin.call('POST', `${base()}/holidays`, { day: '2026-03-25', name: 'Founders day' })).status).toBe(200);
    expect(await kept()).toEqual([]);
    expect(await listed()).toEqual(await page());
    expect((await admin.call('DELETE', `${base()}/holidays/2026-03-25`)).status).toBe(200);
    expect(await listed()).toEqual(plus(45));
    // A change today leaves yesterday's end as it was kept.
    expect((await admin.call('POST', `${anaPath()}/corrections`, { day: '2026-04-10', minutes: -45, reason: 'Stocktaking, counted twice' })).status).toBe(200);
    expect(await kept()).toContainEqual([ana.userId, '2026-04-09']);
    expect(await listed()).toEqual(first);
    expect(await page()).toEqual(first);
    // The next day carries on from the day before.
    at('2026-04-11T10:00:00Z');
    const nextDay = await listed();
    expect(nextDay).toEqual(await page());
    expect(await kept()).toContainEqual([ana.userId, '2026-04-10']);
    at(FRIDAY);
  });

  it('is seen by the person, the Head of her team and an Admin, and by nobody else', async () => {
    // Outside the company, the company is not found.
    expect((await outsider.call('GET', anaPath())).status).toBe(404);
    expect((await head.call('GET', anaPath())).status).toBe(200);
    expect((await ana.call('GET', `${base()}/working-time/people/${head.userId}`)).status).toBe(404);
    expect(await admin.call('GET', `${anaPath()}?month=March`)).toMatchObject({ status: 400 });
  });
});

describe('the hourly allowance of working-time changes', () => {
  it('refuses a change once the hour’s 600 are spent, with 429, writing nothing; reads go on', async () => {
    // Spent on a person of her own: the other tests' Admin keeps hers.
    const limits = allowances(server.db, () => clock ?? new Date());
    for (let more = true; more; ) more = await limits.take(workingTimeChangeLimit, globe.userId, 50).then(() => true, () => false);
    for (let more = true; more; ) more = await limits.take(workingTimeChangeLimit, globe.userId).then(() => true, () => false);
    const before = await eventCount();
    const refused = await globe.call('POST', `/api/companies/${bavariaId}/holidays`, { day: '2026-12-24', name: 'Christmas Eve' });
    expect(refused).toMatchObject({ status: 429, body: { message: workingTimeChangeLimit.message } });
    expect(await eventCount()).toBe(before);
    expect((await globe.call('GET', `/api/companies/${bavariaId}/working-time`)).status).toBe(200);
  });
});

describe('an approved period', () => {
  it('keeps its balance whatever changes after the approval, until it is reopened', async () => {
    at('2026-03-09T10:00:00Z');
    const week = (body: { days: { day: string; targetMinutes: number; workedMinutes: number }[] }) =>
      body.days.filter((day) => day.day <= '2026-03-08').map((day) => [day.day, day.targetMinutes, day.workedMinutes]);
    const submitted = await ana.call('POST', `${base()}/timesheets/2026-03-02/submit`, { approverId: admin.userId, note: '', timeZone: 'Asia/Kolkata' });
    expect(submitted.status).toBe(200);
    expect((await admin.call('POST', `${base()}/timesheets/${ana.userId}/2026-03-02/approve`, {})).status).toBe(200);
    const approved = week((await ana.call('GET', `${anaPath()}?month=2026-03`)).body);

    // A holiday in the week and a contract of one hour a day from its Wednesday change nothing of it.
    expect((await admin.call('POST', `${base()}/holidays`, { day: '2026-03-03', name: 'Late holiday' })).status).toBe(200);
    expect((await admin.call('PUT', `${anaPath()}/contracts/2026-03-04`, { until: '2026-03-31', weekdayMinutes: [60, 60, 60, 60, 60, 60, 60] })).status).toBe(200);
    const after = (await ana.call('GET', `${anaPath()}?month=2026-03`)).body;
    expect(week(after)).toEqual(approved);
    // The days after it follow the new contract.
    expect(after.days.find((day: { day: string }) => day.day === '2026-03-09').targetMinutes).toBe(60);

    // Reopened, the week counts by the rules of now.
    expect((await admin.call('POST', `${base()}/timesheets/${ana.userId}/2026-03-02/reopen`, { reason: 'Late holiday' })).status).toBe(200);
    const reopened = week((await ana.call('GET', `${anaPath()}?month=2026-03`)).body);
    expect(reopened.find(([day]) => day === '2026-03-03')?.[1]).toBe(0);
    expect(reopened.find(([day]) => day === '2026-03-04')?.[1]).toBe(60);
    at(FRIDAY);
  });
});
