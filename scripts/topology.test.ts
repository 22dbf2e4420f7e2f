import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { localDay } from '../domain/time-tracking/local-days.ts';
import { trackerMessages } from '../domain/time-tracking/tracker.ts';
import { comparePositions, parsePosition } from '../eventstore/types.ts';
import { freePort } from '../api/database/free-port.ts';
import { APP_HEADER, APP_HEADER_VALUE } from '../api/http/csrf.ts';
import { READ_AFTER_HEADER } from '../api/http/context.ts';
import { type Mailbox, startMailbox } from '../tests/support/mailbox.ts';
import { createMigratedDatabase } from '../tests/support/test-database.ts';
import { answerBody, TEST_PASSWORD } from '../tests/support/users.ts';

/*
 * The split deployment as users meet it (docker-compose.yml): two API
 * processes that run no projections, and one worker, as `npm start` and
 * scripts/worker.ts start them, on one PostgreSQL database and one data
 * folder. Each request goes to the other API than the one before, so every
 * flow crosses processes; then processes are killed and started again.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TIME_ZONE = 'Asia/Kolkata';

interface Api {
  name: 'A' | 'B';
  port: number;
  url: string;
  child: ChildProcess | null;
}

interface Answer {
  status: number;
  body: any;
  headers: Headers;
  /** The API process that answered. */
  by: Api['name'];
}

interface Person {
  userId: string;
  email: string;
  cookie: string;
  /** As the web app calls the API, through the next process unless `via` names one. */
  call(method: string, path: string, body?: unknown, via?: Api): Promise<Answer>;
}

const apis: Api[] = [];
const worker: { healthPort: number; child: ChildProcess | null } = { healthPort: 0, child: null };
/** Every process this file started that has not exited: afterAll kills them, ready or not. */
const spawned = new Set<ChildProcess>();
let mailbox: Mailbox;
let databaseUrl: string;
let dataDir: string;
let turn = 0;
/** The newest log position any answer named: sent with every request, as a browser sends its own (READ_AFTER_HEADER). */
let newest: string | null = null;

/** API A, then B, then A...: the process for the next request. */
function alternate(): Api {
  return apis[turn++ % apis.length];
}

function environment(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    FILE_STORAGE: 'postgres',
    SMTP_URL: mailbox.url,
    // The address users reach, in front of both APIs: mailed links point there.
    PUBLIC_URL: apis[0].url,
    LOG_LEVEL: 'warn',
    // The API processes share the JWT secret generated in DATA_DIR (api/secrets.ts).
    JWT_SECRET: '',
    ...extra,
  };
}

/** Spawns `node <args>` and resolves once `ready` answers true, or fails with what it wrote on stderr if it exits first. */
async function spawnUntilReady(args: string[], env: NodeJS.ProcessEnv, ready: () => Promise<boolean>): Promise<ChildProcess> {
  const script = args.at(-1);
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  spawned.add(child);
  child.once('exit', () => spawned.delete(child));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = once(child, 'exit').then(([code, signal]) => {
    throw new Error(`${script} exited (${code ?? signal}) before it was ready:\n${stderr}`);
  });
  exited.catch(() => undefined);
  for (;;) {
    if (await Promise.race([ready().catch(() => false), exited])) return child;
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 100)), exited]);
  }
}

/** `npm start`'s process, with the projections left to the worker. */
async function startApi(api: Api): Promise<void> {
  const env = environment({ PORT: String(api.port), RUN_PROJECTIONS: 'false', SERVE_WEB: 'false' });
  // As package.json's start script runs it.
  api.child = await spawnUntilReady(['--max-semi-space-size=64', '--import', 'tsx', 'scripts/start.ts'], env, async () => (await fetch(`${api.url}/api/health`)).status === 200);
}

async function startWorker(): Promise<void> {
  const env = environment({ WORKER_HEALTH_PORT: String(worker.healthPort) });
  // As docker-compose.yml runs it.
  worker.child = await spawnUntilReady(['--import', 'tsx', 'scripts/worker.ts'], env, async () => (await fetch(`http://127.0.0.1:${worker.healthPort}/health`)).status === 200);
}

/** SIGKILL: no shutdown code runs, as when a machine dies. */
async function kill(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

async function call(
  via: Api,
  method: string,
  path: string,
  { cookie, body, token, idempotencyKey, readAfter = true }: { cookie?: string; body?: unknown; token?: string; idempotencyKey?: string; readAfter?: boolean } = {},
): Promise<Answer> {
  const response = await fetch(`${via.url}${path}`, {
    method,
    headers: {
      [APP_HEADER]: APP_HEADER_VALUE,
      ...(newest && readAfter ? { [READ_AFTER_HEADER]: newest } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const parsed: any = await answerBody(response);
  remember(parsed?.position);
  return { status: response.status, body: parsed, headers: response.headers, by: via.name };
}

function remember(position: unknown) {
  const named = typeof position === 'string' ? parsePosition(position) : null;
  if (named && (!newest || comparePositions(named, parsePosition(newest)!) > 0)) newest = position as string;
}

/** Signs up, follows the mailed link and signs in: three requests, each to the other process. */
async function signedUp(email: string, fullName: string): Promise<Person> {
  const signUp = await call(alternate(), 'POST', '/api/auth/sign-up', { body: { fullName, email, password: TEST_PASSWORD } });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
  const link = new URL(await mailbox.linkTo(email, '/auth/verify-email'));
  const verified = await call(alternate(), 'POST', '/api/auth/verify-email', { body: { userId: link.searchParams.get('u'), token: link.searchParams.get('t') } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const login = await call(alternate(), 'POST', '/api/auth/login', { body: { email, password: TEST_PASSWORD } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  return { userId: login.body.user.id, email, cookie, call: (method, path, body, via = alternate()) => call(via, method, path, { cookie, body }) };
}

/** Answers 200 or 201, or fails with what the API said. */
async function ok(answer: Promise<Answer>): Promise<Answer> {
  const done = await answer;
  if (done.status !== 200 && done.status !== 201) throw new Error(`${done.status} from API ${done.by}: ${JSON.stringify(done.body)}`);
  return done;
}

beforeAll(async () => {
  [mailbox, databaseUrl, dataDir] = await Promise.all([startMailbox(), createMigratedDatabase('topology'), mkdtemp(path.join(os.tmpdir(), 'timeledger-topology-'))]);
  for (const name of ['A', 'B'] as const) {
    const port = await freePort();
    apis.push({ name, port, url: `http://127.0.0.1:${port}`, child: null });
  }
  worker.healthPort = await freePort();
  await Promise.all([startApi(apis[0]), startApi(apis[1]), startWorker()]);
});

afterAll(async () => {
  await Promise.all([...spawned].map(kill));
  await mailbox?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('two API processes with RUN_PROJECTIONS=false and a worker, each request to the other API', () => {
  let admin: Person, manager: Person, member: Person;
  let companyId: string, teamId: string, projectId: string, taskId: string, sessionId: string;
  const company = (rest: string) => `/api/companies/${companyId}${rest}`;

  it('signs people up: the worker mails the verification link, any process verifies it and signs them in', async () => {
    [admin, manager, member] = await Promise.all([
      signedUp('admin@topology.test', 'Ada Admin'),
      signedUp('manager@topology.test', 'Max Manager'),
      signedUp('member@topology.test', 'Mo Member'),
    ]);
    const me = await Promise.all([admin, manager, member].map((person) => person.call('GET', '/api/me')));
    expect(me.map((answer) => [answer.status, answer.body.email])).toEqual([
      [200, 'admin@topology.test'],
      [200, 'manager@topology.test'],
      [200, 'member@topology.test'],
    ]);
  });

  it('creates a company and a team, and invites people who accept through the other process', async () => {
    const created = await ok(
      admin.call('POST', '/api/companies', { name: 'Split Deployment', location: { country: 'India', code: 'IN' }, timeZone: TIME_ZONE, workingHours: { start: '09:00', end: '18:00' } }),
    );
    companyId = created.body.companyId;
    teamId = (await ok(admin.call('POST', company('/teams'), { name: 'Crew' }))).body.teamId;
    for (const [person, role] of [[manager, 'Manager'], [member, 'Member']] as const) {
      const before = mailbox.received.length;
      const sent = await ok(admin.call('POST', company('/invites'), { emails: [person.email], role, teamIds: [teamId] }));
      expect(sent.body.results).toEqual([expect.objectContaining({ sent: true })]);
      const link = new URL(await mailbox.linkTo(person.email, '/invitation', before));
      const accepted = await ok(person.call('POST', `/api/invitations/${link.searchParams.get('i')}/accept`));
      expect(accepted.by).not.toBe(sent.by);
    }
    const members = await ok(admin.call('GET', company('/members')));
    expect(members.body.members.map((m: { email: string; accessLevel: string }) => [m.email, m.accessLevel]).sort()).toEqual([
      ['admin@topology.test', 'Admin'],
      ['manager@topology.test', 'Manager'],
      ['member@topology.test', 'Member'],
    ]);
  });

  it('punches in, starts the timer on one process, and stops or cancels it on the other', async () => {
    projectId = (await ok(admin.call('POST', company('/projects'), { name: 'Crossing' }))).body.projectId;
    const task = { projectId, title: 'Cross over', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: member.userId };
    // Each process takes the project's next task number, whatever the other took before (its cached number stream is read on).
    const created = [];
    for (let n = 0; n < 3; n++) created.push(await ok(admin.call('POST', company('/tasks'), task)));
    expect(created.map((answer) => answer.by)).toEqual(created[0].by === 'A' ? ['A', 'B', 'A'] : ['B', 'A', 'B']);
    const numbers = created.map((answer) => Number(/(\d+)$/.exec(answer.body.taskId)![1]));
    expect(numbers).toEqual([numbers[0], numbers[0] + 1, numbers[0] + 2]);
    taskId = created[0].body.taskId;

    await ok(member.call('POST', company('/punch/in'), { timeZone: TIME_ZONE }));
    const started = await ok(member.call('POST', company('/timer/start'), { teamId, projectId, taskId, timeZone: TIME_ZONE }));
    // The other process decides on the session the first started: too short to save (the clock is real), so it is cancelled there.
    const stop = await member.call('POST', company('/timer/stop'), {});
    expect(stop).toMatchObject({ status: 409, body: { message: trackerMessages.tooShort } });
    const running = await ok(member.call('GET', company('/timer')));
    expect(running.body.session).toMatchObject({ sessionId: started.body.session.sessionId });
    const cancelled = await ok(member.call('POST', company('/timer/cancel'), {}));
    expect([stop.by, cancelled.by]).toEqual(started.by === 'A' ? ['B', 'B'] : ['A', 'A']);
    expect((await ok(member.call('GET', company('/timer')))).body.session).toBeNull();
  });

  it('tells a browser connected to API A of a change made through API B', async () => {
    const [a, b] = apis;
    const socket = new WebSocket(`${a.url.replace('http', 'ws')}/api/live`, { headers: { cookie: member.cookie } });
    const messages: any[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    const arrived = (predicate: (message: any) => boolean) =>
      new Promise<any>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no such message among ${JSON.stringify(messages)}`)), 10_000);
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return;
          clearTimeout(timer);
          resolve(found);
        };
        socket.on('message', check);
        check();
      });
    try {
      // Ready: the socket hears its person's changes (following a company is not answered, so it is not used here).
      await arrived((message) => message.type === 'ready');
      const started = await ok(member.call('POST', company('/timer/start'), { teamId, projectId, taskId, timeZone: TIME_ZONE }, b));
      sessionId = started.body.session.sessionId;
      const heard = await arrived((message) => message.type === 'changed' && message.scopes.some((scope: any) => scope.family === 'timer'));
      expect(heard.scopes).toContainEqual({ kind: 'user', id: member.userId, family: 'timer', key: companyId });
    } finally {
      socket.close();
    }
  });

  it('takes a screenshot through API A and shows its image and thumbnail through API B', async () => {
    const [a, b] = apis;
    await ok(admin.call('PUT', company('/settings/screenshots'), { enabled: true }));
    const token = (await ok(member.call('POST', '/api/me/tokens', { name: 'Agent' }))).body.token;
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#1c7ed6' } }).png().toBuffer();
    const query = new URLSearchParams({ screenshotId: randomUUID(), takenAt: new Date().toISOString(), sessionId });
    const response = await fetch(`${a.url}${company(`/screenshots?${query}`)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png', ...(newest ? { [READ_AFTER_HEADER]: newest } : {}) },
      body: new Uint8Array(png),
    });
    const sent = await response.json();
    expect(response.status, JSON.stringify(sent)).toBe(201);
    remember(sent.position);

    for (const [file, width] of [['image', 640], ['thumbnail', 320]] as const) {
      const fetched = await fetch(`${b.url}${company(`/screenshots/${sent.screenshotId}/${file}`)}`, { headers: { cookie: admin.cookie, [READ_AFTER_HEADER]: newest! } });
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-type')).toBe('image/webp');
      expect(await sharp(Buffer.from(await fetched.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width });
    }
    const listed = await ok(admin.call('GET', company(`/screenshots?userId=${member.userId}&from=${today()}&to=${today()}`)));
    expect(JSON.stringify(listed.body)).toContain(sent.screenshotId);
    // Kept in PostgreSQL (FILE_STORAGE=postgres), not in the data folder the processes happen to share here.
    expect(await readdir(path.join(dataDir, 'files')).catch(() => [])).toEqual([]);

    const cancelled = await ok(member.call('POST', company('/timer/cancel'), {}, a));
    const punchedOut = await ok(member.call('POST', company('/punch/out'), { timeZone: TIME_ZONE }, b));
    expect([cancelled.by, punchedOut.by]).toEqual(['A', 'B']);
    expect((await ok(member.call('GET', company('/timer')))).body.session).toBeNull();
  });

  it('exports the attendance sheet with the punches', async () => {
    const months = { from: today().slice(0, 7), to: today().slice(0, 7), userId: member.userId };
    const summary = await ok(admin.call('GET', company(`/exports/summary?${new URLSearchParams(months)}`)));
    expect(summary.body).toMatchObject({ people: 1 });
    const [a, b] = apis;
    const download = await fetch(`${(summary.by === 'A' ? b : a).url}${company(`/exports/attendance?${new URLSearchParams(months)}`)}`, {
      headers: { cookie: admin.cookie, [READ_AFTER_HEADER]: newest! },
    });
    expect(download.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download.arrayBuffer()) as ExcelJS.Buffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([expect.stringContaining('Mo Member')]);
    const day = new Date(`${today()}T00:00:00Z`).getTime();
    const row = book.worksheets[0].getRows(2, 31)!.find((r) => (r.getCell(1).value as Date | null)?.getTime() === day)!;
    // Date, status, punched, tracked, the timesheet's status, then the day's punch in and out.
    expect(row.getCell(2).value).toBe('Present');
    expect(row.getCell(5).value).toBe('Open');
    expect([row.getCell(6).value, row.getCell(7).value]).toEqual([expect.any(Date), expect.any(Date)]);
  });

  it('takes a leave request on one process and its approval on the other', async () => {
    const asked = await ok(member.call('POST', company('/leave/requests'), { leaveDate: daysFromToday(7), type: 'Sick Leave', comment: '', assigneeId: manager.userId, timeZone: TIME_ZONE }));
    const pending = await ok(manager.call('GET', company('/leave/team-requests')));
    expect(pending.by).not.toBe(asked.by);
    expect(JSON.stringify(pending.body)).toContain(asked.body.requestId);
    const approved = await ok(manager.call('POST', company(`/leave/requests/${asked.body.requestId}/approve`), {}));
    expect(approved.by).toBe(asked.by);
    const mine = await ok(member.call('GET', company('/leave/requests')));
    expect(mine.body.requests).toEqual([expect.objectContaining({ requestId: asked.body.requestId, status: 'Approved' })]);
  });

  it('loses nothing acknowledged when API A and the worker are killed; the restarted worker catches up and sweeps', async () => {
    const [a, b] = apis;
    await kill(worker.child);
    // Acknowledged by API A, which dies at once. The browser, whose answer may have been lost, sends the same again to B;
    // it knows no newer position, so it asks for none (a request naming one the worker has not reached waits up to 5 s).
    const leave = { leaveDate: daysFromToday(8), type: 'Sick Leave', comment: '', assigneeId: manager.userId, timeZone: TIME_ZONE };
    const ask = (via: Api) => ok(call(via, 'POST', company('/leave/requests'), { cookie: member.cookie, body: leave, idempotencyKey: 'leave-on-the-8th', readAfter: false }));
    const asked = await ask(a);
    await kill(a.child);
    expect((await ask(b)).body.requestId).toBe(asked.body.requestId);
    // The manager leaves the team: only a sweep moves the pending request to someone who can still answer it.
    await ok(call(b, 'DELETE', company(`/teams/${teamId}/members/${manager.userId}`), { cookie: admin.cookie, readAfter: false }));
    await Promise.all([startApi(a), killedSweeperGone().then(startWorker)]);

    // Through either process: the request, once, moved to the Admin by the restarted worker's first sweep.
    const requestsOn = (via: Api) => async () =>
      ((await ok(member.call('GET', company('/leave/requests'), undefined, via))).body.requests as { requestId: string; leaveDate: string; assignee: { name: string } }[])
        .filter((request) => request.leaveDate === leave.leaveDate)
        .map(({ requestId, assignee }) => ({ requestId, assignee: assignee.name }));
    for (const via of [a, b]) await expect.poll(requestsOn(via), { timeout: 20_000 }).toEqual([{ requestId: asked.body.requestId, assignee: 'Ada Admin' }]);
  });

  it('signs out everywhere: a session ended through one process is refused by the other', async () => {
    const [a, b] = apis;
    expect((await call(a, 'POST', '/api/auth/logout', { cookie: member.cookie })).status).toBe(204);
    expect((await call(b, 'GET', '/api/me', { cookie: member.cookie })).status).toBe(401);
    expect((await call(a, 'GET', '/api/me', { cookie: member.cookie })).status).toBe(401);
  });
});

/** Today where the company works. */
const today = () => localDay(new Date().toISOString(), TIME_ZONE);
const daysFromToday = (days: number) => localDay(new Date(Date.now() + days * 86_400_000).toISOString(), TIME_ZONE);

/**
 * PostgreSQL lets a killed process's session go (and with it the sweeps'
 * advisory lock) once it sees the connection closed: a worker started before
 * that would sweep only an interval later.
 */
async function killedSweeperGone(): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
      if (rows.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
}
