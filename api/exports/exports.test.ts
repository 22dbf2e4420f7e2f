import { randomUUID } from 'node:crypto';
import contentDisposition from 'content-disposition';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardMessages } from '../../domain/dashboards/access.ts';
import { exportMessages } from '../../domain/exports/months.ts';
import { TIMELOG_COLUMNS } from '../../domain/exports/cells.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../../tests/support/users.ts';
import { XLSX_CONTENT_TYPE } from './workbook.ts';

let server: TestServer;
let clock: Date | null = null;
let admin: ApiUser;
let manager: ApiUser;
let ana: ApiUser;
let bob: ApiUser;
let companyId: string;
let apollo: string;
let gemini: string;

const INJECTION = '=HYPERLINK("http://evil.test","click")';
const ZOE = 'Zoe Alexandra Fitzgerald-Worthington';

type Query = Record<string, string>;
const exportUrl = (kind: string, query: Query) => `/api/companies/${companyId}/exports/${kind}?${new URLSearchParams(query)}`;

/** A download as the browser gets it: the file's bytes and its name. */
async function download(user: ApiUser, kind: 'attendance' | 'timelog', query: Query) {
  const response = await fetch(`${server.url}${exportUrl(kind, query)}`, { headers: { cookie: user.cookie } });
  const bytes = Buffer.from(await response.arrayBuffer());
  const disposition = response.headers.get('content-disposition');
  return { status: response.status, headers: response.headers, bytes, fileName: disposition ? contentDisposition.parse(disposition).parameters.filename : null };
}

async function workbook(user: ApiUser, kind: 'attendance' | 'timelog', query: Query) {
  const file = await download(user, kind, query);
  expect(file.status, file.bytes.toString().slice(0, 300)).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.bytes as unknown as ExcelJS.Buffer);
  return book;
}

/** A row's cells from the first column on (exceljs counts from 1). */
const cells = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
const wall = (text: string) => new Date(`${text}Z`);
/**
 * A duration cell in minutes. The file holds a number (a fraction of a day, which
 * a spreadsheet sums); exceljs reads a number with a time format back as a date
 * counted from 30 December 1899.
 */
const minutesIn = (value: unknown) => Math.round((value instanceof Date ? (value.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000 : Number(value)) * 1440);

beforeAll(async () => {
  server = await startTestServer({ now: () => clock ?? new Date() });
  const email = (name: string) => `${name}@exports.test`;
  let zoeOne: ApiUser;
  let zoeTwo: ApiUser;
  [admin, manager, ana, bob, zoeOne, zoeTwo] = await Promise.all([
    signedInUser(server, email('admin'), 'Ada Admin'),
    signedInUser(server, email('manager'), 'Max Manager'),
    signedInUser(server, email('ana'), 'Ana Apollo'),
    signedInUser(server, email('bob'), 'Bob Gemini'),
    signedInUser(server, email('zoe1'), `${ZOE} One`),
    signedInUser(server, email('zoe2'), `${ZOE} Two`),
  ]);
  companyId = await createCompany(admin, 'Acme');
  apollo = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' })).body.teamId;
  gemini = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Gemini' })).body.teamId;
  await inviteAndAccept(server, admin, companyId, manager, 'Manager', [apollo]);
  for (const member of [ana, zoeOne, zoeTwo]) await inviteAndAccept(server, admin, companyId, member, 'Member', [apollo]);
  await inviteAndAccept(server, admin, companyId, bob, 'Member', [gemini]);
  const projectId: string = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Moonshot' })).body.projectId;
  const tasks = new Map<string, string>();
  for (const user of [ana, bob]) {
    const task = { projectId, title: `Task of ${user.email}`, description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: user.userId };
    tasks.set(user.userId, (await admin.call('POST', `/api/companies/${companyId}/tasks`, task)).body.taskId);
  }

  const at = (iso: string) => {
    clock = new Date(iso);
  };
  const ok = async (answer: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await answer;
    if (status !== 200 && status !== 201) throw new Error(`seeding failed: ${status} ${JSON.stringify(body)}`);
    return body as { session?: { sessionId: string } };
  };
  const punch = (user: ApiUser, state: 'in' | 'out', iso: string, timeZone: string) => {
    at(iso);
    return ok(user.call('POST', `/api/companies/${companyId}/punch/${state}`, { timeZone }));
  };
  const track = async (
    user: ApiUser,
    teamId: string,
    timeZone: string,
    start: string,
    end: string,
    options: { idleMinutes?: number; taskDetails?: string; during?: (sessionId: string) => Promise<void> } = {},
  ) => {
    at(start);
    const body = { teamId, projectId, taskId: tasks.get(user.userId), timeZone, taskDetails: options.taskDetails ?? '' };
    const { session } = await ok(user.call('POST', `/api/companies/${companyId}/timer/start`, body));
    for (let reported = 0; reported < (options.idleMinutes ?? 0); reported += 2) {
      at(new Date(Date.parse(start) + (reported + 2) * 60_000).toISOString());
      await ok(user.call('POST', `/api/companies/${companyId}/timer/heartbeat`, { sessionId: session!.sessionId, idleMinutes: 2 }));
    }
    await options.during?.(session!.sessionId);
    at(end);
    await ok(user.call('POST', `/api/companies/${companyId}/timer/stop`, {}));
  };
  const setRate = (hourlyRate: number) => ok(admin.call('PATCH', `/api/companies/${companyId}/members/${ana.userId}`, { name: 'Ana Apollo', teamIds: [apollo], hourlyRate }));

  try {
    const ist = 'Asia/Kolkata';
    at('2026-03-01T00:00:00Z');
    await setRate(10);
    // Tue 3 March: 09:00 IST punch in; 09:00–11:30 with 10 idle minutes at $10.
    await punch(ana, 'in', '2026-03-03T03:30:00Z', ist);
    await track(ana, apollo, ist, '2026-03-03T03:30:00Z', '2026-03-03T06:00:00Z', { idleMinutes: 10 });
    at('2026-03-03T12:00:00Z');
    await setRate(20);
    // 23:00 to 01:30 IST over midnight at $20, then the punch out at 02:00 on the 4th.
    await track(ana, apollo, ist, '2026-03-03T17:30:00Z', '2026-03-03T20:00:00Z');
    await punch(ana, 'out', '2026-03-03T20:30:00Z', ist);
    // Thu 5 March: two punch pairs, 10:00–11:00 and 14:00–15:00 IST; 45 minutes tracked with a formula for details.
    await punch(ana, 'in', '2026-03-05T04:30:00Z', ist);
    await ok(admin.call('PUT', `/api/companies/${companyId}/settings/screenshots`, { enabled: true }));
    const token = ((await ok(ana.call('POST', '/api/me/tokens', { name: 'Agent' }))) as { token: string }).token;
    // Two screenshots from the desktop agent during the session, and one deleted.
    const screenshot = async (sessionId: string, takenAt: string) => {
      at(takenAt);
      const image = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#1c7ed6' } }).png().toBuffer();
      const query = new URLSearchParams({ screenshotId: randomUUID(), takenAt, sessionId });
      const response = await fetch(`${server.url}/api/companies/${companyId}/screenshots?${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
        body: new Uint8Array(image),
      });
      if (response.status !== 201) throw new Error(`screenshot refused: ${response.status} ${await response.text()}`);
      return (await response.json()) as { screenshotId: string };
    };
    const during = async (sessionId: string) => {
      await screenshot(sessionId, '2026-03-05T04:40:00.000Z');
      await screenshot(sessionId, '2026-03-05T05:00:00.000Z');
      const deleted = await screenshot(sessionId, '2026-03-05T05:05:00.000Z');
      await ok(ana.call('DELETE', `/api/companies/${companyId}/screenshots/${deleted.screenshotId}`));
    };
    await track(ana, apollo, ist, '2026-03-05T04:30:00Z', '2026-03-05T05:15:00Z', { taskDetails: INJECTION, during });
    await punch(ana, 'out', '2026-03-05T05:30:00Z', ist);
    await punch(ana, 'in', '2026-03-05T08:30:00Z', ist);
    await punch(ana, 'out', '2026-03-05T09:30:00Z', ist);
    // Tue 10 March: a punch in never punched out.
    await punch(ana, 'in', '2026-03-10T03:30:00Z', ist);

    // Bob (New York, no rate): 31 October 23:00 EDT to 1 November 03:00 EST, over the end of daylight saving.
    await punch(bob, 'in', '2026-10-31T22:00:00Z', 'America/New_York');
    await track(bob, gemini, 'America/New_York', '2026-11-01T03:00:00Z', '2026-11-01T08:00:00Z');
    await punch(bob, 'out', '2026-11-01T08:30:00Z', 'America/New_York');
  } finally {
    clock = null;
  }
}, 180_000);

afterAll(() => server.close());

describe('the time log file', () => {
  it('has core §9’s columns and one row per time-log entry, with real dates and numbers', async () => {
    const book = await workbook(ana, 'timelog', { from: '2026-03', userId: ana.userId });
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Ana Apollo']);
    const sheet = book.worksheets[0];
    expect(cells(sheet, 1)).toEqual([...TIMELOG_COLUMNS]);
    expect(sheet.rowCount).toBe(5);
    const rows = [2, 3, 4, 5].map((row) => cells(sheet, row));
    // 2.5 h with 10 idle minutes at $10; the session over midnight as two rows at $20; 45 minutes at $20.
    expect(rows.map((row) => row.slice(4, 9))).toEqual([
      [2, 30, 10, 10, 25],
      [1, 0, 0, 20, 20],
      [1, 30, 0, 20, 30],
      [0, 45, 0, 20, 15],
    ]);
    expect(rows.map((row) => row[0])).toEqual([wall('2026-03-03T00:00:00'), wall('2026-03-03T00:00:00'), wall('2026-03-04T00:00:00'), wall('2026-03-05T00:00:00')]);
    expect(rows[0].slice(1, 3)).toEqual(['Moonshot', 'Task of ana@exports.test']);

    const date = sheet.getCell('A2');
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect(date.numFmt).toBe('dd-mm-yyyy');
    for (const address of ['E2', 'F2', 'G2', 'H2', 'I2']) expect(sheet.getCell(address).type, address).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('H2').numFmt).toBe('0.00');
    expect(sheet.getCell('I2').numFmt).toBe('0.00');
    // No screenshots taken: the cell is empty; the day with two (and one deleted) links to them.
    expect(sheet.getCell('J2').type).toBe(ExcelJS.ValueType.Null);
    expect(sheet.getCell('J5').value).toEqual({
      text: '2 screenshots',
      hyperlink: `${server.url}/dashboard-individual?user=${ana.userId}&from=2026-03-05&to=2026-03-05&screenshots=2026-03-05`,
    });
    // The time as time values a spreadsheet sums.
    expect(rows.map((row) => minutesIn(row[10]))).toEqual([150, 60, 90, 45]);
    expect(rows.map((row) => minutesIn(row[11]))).toEqual([10, 0, 0, 0]);
    for (const address of ['K2', 'L2']) expect(sheet.getCell(address).numFmt).toBe('[h]:mm');
  });

  it('adds up, as a spreadsheet sums it, to the minutes and cents of the dashboard and the calendar', async () => {
    const sheet = (await workbook(ana, 'timelog', { from: '2026-03', userId: ana.userId })).worksheets[0];
    const rows = [2, 3, 4, 5].map((row) => cells(sheet, row));
    const dashboard = (await ana.call('GET', `/api/companies/${companyId}/dashboards/individual?from=2026-03-01&to=2026-03-31`)).body;
    expect(rows.reduce((sum, row) => sum + minutesIn(row[10]), 0)).toBe(dashboard.totals.trackedMinutes);
    expect(Math.round(rows.reduce((sum, row) => sum + (row[8] as number), 0) * 100)).toBe(dashboard.totals.earningsCents);
    const month = (await ana.call('GET', `/api/companies/${companyId}/attendance/month?month=2026-03`)).body;
    expect(month.days.reduce((sum: number, day: { trackedMinutes: number }) => sum + day.trackedMinutes, 0)).toBe(dashboard.totals.trackedMinutes);
  });

  it('neutralises text that would run as a formula', async () => {
    const sheet = (await workbook(ana, 'timelog', { from: '2026-03', userId: ana.userId })).worksheets[0];
    const details = sheet.getCell('D5');
    expect(details.type).toBe(ExcelJS.ValueType.String);
    expect(details.value).toBe(`'${INJECTION}`);
    expect(details.formula).toBeUndefined();
  });

  it('leaves the rate and earnings empty without a rate, and splits a daylight-saving night by local day', async () => {
    const sheet = (await workbook(admin, 'timelog', { from: '2026-10', to: '2026-11', userId: bob.userId })).worksheets[0];
    expect(sheet.name).toBe('Bob Gemini');
    expect([2, 3].map((row) => cells(sheet, row)).map((row) => [...row.slice(0, 10), minutesIn(row[10]), minutesIn(row[11])])).toEqual([
      [wall('2026-10-31T00:00:00'), 'Moonshot', 'Task of bob@exports.test', undefined, 1, 0, 0, undefined, undefined, undefined, 60, 0],
      [wall('2026-11-01T00:00:00'), 'Moonshot', 'Task of bob@exports.test', undefined, 4, 0, 0, undefined, undefined, undefined, 240, 0],
    ]);
    for (const address of ['D2', 'H2', 'I2']) expect(sheet.getCell(address).type, address).toBe(ExcelJS.ValueType.Null);
  });

  it('is streamed under a file name of the company, the person and the months', async () => {
    const file = await download(ana, 'timelog', { from: '2026-03', userId: ana.userId });
    expect(file.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(file.fileName).toBe('Acme - Ana Apollo - Mar 2026 - Timelog Data.xlsx');
    expect(file.headers.get('content-length')).toBeNull();
    expect(file.headers.get('transfer-encoding')).toBe('chunked');
    expect(file.headers.get('cache-control')).toBe('no-store');
  });
});

describe('a team’s files', () => {
  it('hold one sheet per team member by name, each name cut to 31 characters and unique', async () => {
    const book = await workbook(manager, 'timelog', { from: '2026-01', to: '2026-03', teamId: apollo });
    const names = book.worksheets.map((sheet) => sheet.name);
    expect(names).toEqual(['Ana Apollo', 'Max Manager', 'Zoe Alexandra Fitzgerald-Worthi', 'Zoe Alexandra Fitzgerald-Wo (2)']);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(31);
    expect(book.worksheets.map((sheet) => sheet.rowCount)).toEqual([5, 1, 1, 1]);
    expect(cells(book.worksheets[1], 1)).toEqual([...TIMELOG_COLUMNS]);
    const file = await download(manager, 'attendance', { from: '2026-01', to: '2026-03', teamId: apollo });
    expect(file.fileName).toBe('Acme - Apollo - Jan 2026 to Mar 2026 - Attendance Data.xlsx');
  });

  it('say what they will hold before the download', async () => {
    const summary = await manager.call('GET', exportUrl('summary', { from: '2026-01', to: '2026-03', teamId: apollo }));
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({
      subject: { kind: 'team', name: 'Apollo' },
      months: { from: '2026-01', to: '2026-03', firstDay: '2026-01-01', lastDay: '2026-03-31' },
      files: {
        attendance: 'Acme - Apollo - Jan 2026 to Mar 2026 - Attendance Data.xlsx',
        timelog: 'Acme - Apollo - Jan 2026 to Mar 2026 - Timelog Data.xlsx',
        workingTime: 'Acme - Apollo - Jan 2026 to Mar 2026 - Working Time Data.xlsx',
      },
      people: 4,
      attendanceDays: 4 * 90,
      timelogRows: 4,
    });
    const mine = await ana.call('GET', exportUrl('summary', { from: '2026-03', to: '', userId: ana.userId }));
    expect(mine.body).toMatchObject({ subject: { kind: 'person', name: 'Ana Apollo' }, people: 1, attendanceDays: 31, timelogRows: 4 });
  });
});

describe('the attendance file', () => {
  it('has a row for every day with its status, and the punches as wall times', async () => {
    const sheet = (await workbook(ana, 'attendance', { from: '2026-03', userId: ana.userId })).worksheets[0];
    expect(sheet.name).toBe('Ana Apollo');
    // The busiest day, the 5th, has two punch pairs.
    expect(cells(sheet, 1)).toEqual(['Date', 'Status', 'Punched', 'Tracked', 'Timesheet', 'Punch In', 'Punch Out', 'Punch In', 'Punch Out']);
    expect(sheet.rowCount).toBe(1 + 31);
    // The times as minutes, the punches as they are.
    const day = (date: number) => cells(sheet, 1 + date).map((value, i) => (i === 2 || i === 3 ? minutesIn(value) : value));
    expect(day(1)).toEqual([wall('2026-03-01T00:00:00'), 'Week Off', 0, 0, 'Open']);
    expect(day(2)).toEqual([wall('2026-03-02T00:00:00'), 'Absent', 0, 0, 'Open']);
    // The punch over midnight, in at 09:00 on the 3rd and out at 02:00 on the 4th, cut at midnight as the timer's sessions are.
    expect(day(3)).toEqual([wall('2026-03-03T00:00:00'), 'Present', 15 * 60, 150 + 60, 'Open', wall('2026-03-03T09:00:00'), wall('2026-03-04T00:00:00')]);
    expect(day(4)).toEqual([wall('2026-03-04T00:00:00'), 'Present', 120, 90, 'Open', wall('2026-03-04T00:00:00'), wall('2026-03-04T02:00:00')]);
    expect(day(5)).toEqual([
      wall('2026-03-05T00:00:00'),
      'Present',
      120,
      45,
      'Open',
      wall('2026-03-05T10:00:00'),
      wall('2026-03-05T11:00:00'),
      wall('2026-03-05T14:00:00'),
      wall('2026-03-05T15:00:00'),
    ]);
    // A missing punch out stays empty, and a punch never punched out counts nothing without time tracked after it.
    expect(day(10)).toEqual([wall('2026-03-10T00:00:00'), 'Present', 0, 0, 'Open', wall('2026-03-10T09:00:00')]);
    expect(sheet.getCell('G11').type).toBe(ExcelJS.ValueType.Null);

    expect(sheet.getCell('A2').type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getCell('A2').numFmt).toBe('dd-mm-yyyy');
    for (const address of ['C4', 'D4']) expect(sheet.getCell(address).numFmt).toBe('[h]:mm');
    expect(sheet.getCell('F6').type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getCell('F6').numFmt).toBe('hh:mm');
  });

  it('leaves the status of days still to come blank', async () => {
    clock = new Date('2026-11-24T12:00:00Z');
    try {
      const sheet = (await workbook(bob, 'attendance', { from: '2026-11', userId: bob.userId })).worksheets[0];
      expect(sheet.rowCount).toBe(1 + 30);
      expect(cells(sheet, 1 + 1)[1]).toBe('Present');
      expect(cells(sheet, 1 + 24)[1]).toBe('Absent');
      // Nothing of a day to come: no status, no times.
      expect(cells(sheet, 1 + 25)).toEqual([wall('2026-11-25T00:00:00')]);
    } finally {
      clock = null;
    }
  });
});

describe('who may export whom', () => {
  const call = (user: ApiUser, kind: string, query: Query) => user.call('GET', exportUrl(kind, query));

  it('lets a Member export only themselves; anyone else answers like someone who does not exist', async () => {
    for (const kind of ['summary', 'timelog', 'attendance']) {
      const hidden = await call(ana, kind, { from: '2026-03', userId: bob.userId });
      const missing = await call(ana, kind, { from: '2026-03', userId: randomUUID() });
      expect(hidden).toMatchObject({ status: 404, body: { message: dashboardMessages.personNotFound } });
      expect({ status: hidden.status, body: hidden.body }).toEqual({ status: missing.status, body: missing.body });
      expect(await call(ana, kind, { from: '2026-03', teamId: apollo })).toMatchObject({ status: 404, body: { message: dashboardMessages.teamNotFound } });
    }
  });

  it('lets a Manager export their teams and their people only', async () => {
    expect((await call(manager, 'summary', { from: '2026-03', userId: ana.userId })).status).toBe(200);
    expect(await call(manager, 'timelog', { from: '2026-03', userId: bob.userId })).toMatchObject({ status: 404, body: { message: dashboardMessages.personNotFound } });
    expect(await call(manager, 'attendance', { from: '2026-03', teamId: gemini })).toMatchObject({ status: 404, body: { message: dashboardMessages.teamNotFound } });
    // Bob, and the Admin, who is on every team: an Admin may see Admins' sheets, a Manager not.
    expect((await call(admin, 'summary', { from: '2026-03', teamId: gemini })).body).toMatchObject({ people: 2 });
  });

  it('answers bad months and a missing choice with 400 and the dialog’s messages', async () => {
    const cases: [Query, string][] = [
      [{ userId: ana.userId }, exportMessages.noStart],
      [{ from: '', to: '2026-03', userId: ana.userId }, exportMessages.noStart],
      [{ from: '2026-04', to: '2026-03', userId: ana.userId }, exportMessages.reversed],
      [{ from: '2025-03', to: '2026-03', userId: ana.userId }, exportMessages.tooLong],
      [{ from: '2026-13', userId: ana.userId }, exportMessages.malformed],
      [{ from: '2026-03' }, exportMessages.nobody],
      [{ from: '2026-03', userId: '', teamId: '' }, exportMessages.nobody],
      [{ from: '2026-03', userId: ana.userId, teamId: apollo }, exportMessages.both],
    ];
    for (const [query, message] of cases) {
      for (const kind of ['summary', 'timelog', 'attendance']) {
        expect(await call(admin, kind, query), `${kind} ${JSON.stringify(query)}`).toMatchObject({ status: 400, body: { message } });
      }
    }
    expect((await call(admin, 'timelog', { from: '2026-03', userId: ana.userId, extra: '1' })).status).toBe(400);
  });
});
