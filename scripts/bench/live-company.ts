import WebSocket from 'ws';
import { APP_HEADER, APP_HEADER_VALUE } from '../../api/http/csrf.ts';
import { comparePositions, parsePosition } from '../../eventstore/types.ts';
import { changedQueries } from '../../web/src/shared/live/changedQueries.ts';
import type { LiveScope } from '../../web/src/shared/live/LiveMessage.ts';
import { parseLiveMessage } from '../../web/src/features/live/parseLiveMessage.ts';
import { type BenchContext, type BenchResult, result } from './context.ts';
import { percentile } from './percentile.ts';
import { adminWithCompany, type Product, signedInUser, startProduct } from './product.ts';

const CLIENTS = 200;
const RUNNING_TIMERS = 100;
/** A browser beats every 30 s (SYNC_INTERVAL_MS); here every 3 s, ten times the real rate. */
const BEAT_EVERY_MS = 3_000;
/** Heartbeats only, first: whatever a browser hears then, the heartbeats caused. */
const QUIET_MS = 6_000;
const CHANGES_MS = 24_000;
const CHANGE_EVERY_MS = 1_000;
/** A message heard this long after a change's response still counts as that change's. */
const ATTRIBUTION_MS = 500;
const SETUP_CONCURRENCY = 40;
const INVITES_PER_REQUEST = 20;
const LIVE_WAIT_MS = 5_000;
const SECTION = 'live updates, one company';

type QueryKey = readonly unknown[];

/** A signed-in browser's session: its cookie and, as the web app sends it, the newest position it was answered. */
interface Session {
  cookie: string;
  readAfter: string | null;
}

/** One browser: its session, and the query keys its open page shows. */
interface Client extends Session {
  shows: QueryKey[];
  socket?: WebSocket;
}

type ChangeKind = 'task edit' | 'task comment' | 'timer start' | 'timer cancel';

interface Change {
  kind: ChangeKind;
  /** The browsers that must hear of it: the company's, or the person's own. */
  audience: Set<Client>;
  answeredAt: number;
  /** When each browser first heard of it. */
  heard: Map<Client, number>;
  refetches: number;
  refetching: Set<Client>;
  /** Refetches had each scope been read as all of its company's or user's queries, as before families. */
  wideRefetches: number;
}

/**
 * 200 browsers of one company, each signed in as a member of its own, and
 * following the company over /api/live, 100 of them with a running timer
 * that beats over HTTP, against the product in a process of its own. First
 * 6 s of heartbeats alone, then 24 s in which an Admin edits and comments
 * on a task and another member starts and cancels a timer, one change a
 * second. Each message a browser hears goes through the web app's own
 * parseLiveMessage and changedQueries, and each query the browser shows that
 * the message names counts as one refetch (TanStack Query refetches only
 * the active queries it invalidates). Also: the messages no real change
 * caused, and how long after a change's response its last browser heard.
 *
 * What the browsers show, besides what every page shows (the profile, their
 * timer, the company's details):
 *   140 a dashboard (no query of its own yet), among them the 100 running timers
 *       and the member who starts and cancels;
 *    20 the timer's task picker: the projects and the timer's tasks of one
 *       project (10 of the edited task's project, 10 of another);
 *    20 Manage tasks: the projects, the assignees and a page of the tasks table;
 *    10 the edited task's page: the task, the projects and the assignees;
 *    10 the Members tab: the teams and a page of members.
 */
export async function liveCompany(ctx: BenchContext): Promise<BenchResult[]> {
  const product = await startProduct(ctx);
  const beats = { sent: 0, failed: 0 };
  let beating: NodeJS.Timeout[] = [];
  let clients: Client[] = [];
  try {
    const setupStarted = performance.now();
    ctx.log(`live updates: ${CLIENTS} members sign up and join one company; ${RUNNING_TIMERS} start a timer`);
    const company = await companyOf(product);
    clients = company.clients;
    const { companyId, admin, editedTaskId, tracker } = company;
    const send = (who: Session, method: string, path: string, body?: unknown) => request(product, who, method, `/api/companies/${companyId}${path}`, body);

    let current: Change | null = null;
    let unexplained = 0;
    let delivered = 0;
    let quietRefetches = 0;
    await inParallel(clients, async (client) => {
      const socket = new WebSocket(`${product.url.replace('http', 'ws')}/api/live`, { headers: { cookie: client.cookie } });
      client.socket = socket;
      const ready = new Promise<void>((resolve) => socket.once('message', () => resolve()));
      socket.on('message', (raw) => {
        const message = parseLiveMessage(String(raw));
        if (message?.type !== 'changed') return;
        delivered++;
        const refetched = refetches(client, message.scopes);
        if (!current?.audience.has(client)) {
          unexplained++;
          quietRefetches += refetched;
          return;
        }
        if (!current.heard.has(client)) current.heard.set(client, performance.now());
        current.refetches += refetched;
        if (refetched > 0) current.refetching.add(client);
        current.wideRefetches += refetches(client, message.scopes.map(({ kind, id }) => ({ kind, id })));
      });
      await within(ready, 'a live socket to open');
      socket.send(JSON.stringify({ type: 'follow', companyId }));
    });

    let edits = 0;
    const realChanges: [ChangeKind, Client[], () => Promise<unknown>][] = [
      ['task edit', clients, () => send(admin, 'PATCH', `/tasks/${editedTaskId}`, { title: `Landing page v${++edits}` })],
      // A timer start or cancel is told to the person's own tabs (their timer) and to the company's browsers (its activity log).
      ['timer start', clients, () => send(tracker.client, 'POST', '/timer/start', tracker.start)],
      ['task comment', clients, () => send(admin, 'POST', `/tasks/${editedTaskId}/comments`, { html: '<p>Looks good</p>' })],
      ['timer cancel', clients, () => send(tracker.client, 'POST', '/timer/cancel')],
    ];
    /** Makes one change, waits until its whole audience heard of it, and keeps what they heard meanwhile as its own. */
    const change = async ([kind, audience, make]: (typeof realChanges)[number]) => {
      const started = performance.now();
      const made: Change = { kind, audience: new Set(audience), answeredAt: 0, heard: new Map(), refetches: 0, refetching: new Set(), wideRefetches: 0 };
      current = made;
      await make();
      made.answeredAt = performance.now();
      await within(
        (async () => {
          while (made.heard.size < made.audience.size) await sleep(5);
        })(),
        `every browser to hear of a ${kind}`,
      );
      await sleep(Math.max(made.answeredAt + ATTRIBUTION_MS, started + CHANGE_EVERY_MS) - performance.now());
      current = null;
      return made;
    };
    // Every browser hears a first change: all of them follow the company, and the paths are warm.
    await change(realChanges[2]);
    delivered = 0;
    unexplained = 0;
    quietRefetches = 0;
    ctx.log(`live updates: set up in ${((performance.now() - setupStarted) / 1000).toFixed(0)} s`);

    ctx.log(`live updates: ${RUNNING_TIMERS} timers beating every ${BEAT_EVERY_MS / 1000} s; ${QUIET_MS / 1000} s of heartbeats alone, then ${CHANGES_MS / 1000} s with a real change every ${CHANGE_EVERY_MS / 1000} s`);
    const windowStart = performance.now();
    beating = company.sessions.map(({ client, sessionId }, i) => {
      const beat = () => {
        beats.sent++;
        send(client, 'POST', '/timer/heartbeat', { sessionId }).catch(() => beats.failed++);
      };
      // Spread over the interval, as real browsers are.
      const first = setTimeout(beat, (i * BEAT_EVERY_MS) / company.sessions.length);
      const every = setInterval(beat, BEAT_EVERY_MS);
      return [first, every];
    }).flat();
    await sleep(QUIET_MS);
    const quietUnexplained = unexplained;
    const changes: Change[] = [];
    for (let i = 0; performance.now() - windowStart < QUIET_MS + CHANGES_MS - CHANGE_EVERY_MS; i++) changes.push(await change(realChanges[i % realChanges.length]));
    await sleep(windowStart + QUIET_MS + CHANGES_MS - performance.now());
    const windowMs = performance.now() - windowStart;
    beating.forEach(clearTimeout);
    beating = [];

    const perMinute = (count: number) => (count * 60_000) / windowMs;
    const total = (value: (c: Change) => number, of = changes) => of.reduce((sum, c) => sum + value(c), 0);
    const refetched = total((c) => c.refetches) + quietRefetches;
    const wide = total((c) => c.wideRefetches);
    const lastHeard = changes.map((c) => Math.max(0, Math.max(...c.heard.values()) - c.answeredAt));
    const perKind = [...new Set(changes.map((c) => c.kind))].map((kind) => {
      const ofKind = changes.filter((c) => c.kind === kind);
      const average = (value: (c: Change) => number) => (total(value, ofKind) / ofKind.length).toFixed(0);
      return `${kind} ${average((c) => c.refetches)} by ${average((c) => c.refetching.size)} browsers (before: ${average((c) => c.wideRefetches)})`;
    });
    return [
      result({
        section: SECTION,
        measure: `refetches per minute, ${CLIENTS} browsers, ${RUNNING_TIMERS} timers beating`,
        value: perMinute(refetched),
        unit: 'refetches/min',
        baseline: perMinute(wide),
        note: `${changes.length} real changes in a ${(windowMs / 1000).toFixed(0)}-s window, scaled to a minute; baseline: the same messages read company-wide, as before (a lower bound: a timer change then told the whole company too)`,
      }),
      result({
        section: SECTION,
        measure: 'refetches per real change',
        value: total((c) => c.refetches) / changes.length,
        unit: 'refetches',
        baseline: wide / changes.length,
        note: `on average: ${perKind.join('; ')}`,
      }),
      result({ section: SECTION, measure: 'messages delivered per minute', value: perMinute(delivered), unit: 'messages/min' }),
      result({
        section: SECTION,
        measure: 'messages no real change caused (heartbeats)',
        value: unexplained,
        unit: 'messages',
        target: { max: 0 },
        note: `${quietUnexplained} in the ${QUIET_MS / 1000} s of heartbeats alone; ${beats.sent} heartbeats over HTTP, every ${BEAT_EVERY_MS / 1000} s (10× the real rate), ${beats.failed} failed`,
      }),
      result({
        section: SECTION,
        measure: 'delivery to the last browser told, after the response, p95',
        value: percentile(lastHeard, 95),
        unit: 'ms',
        target: { max: 100 },
        note: `over ${changes.length} changes, each heard by all ${CLIENTS} browsers or by the person's own; p50 ${percentile(lastHeard, 50).toFixed(1)} ms, max ${Math.max(...lastHeard).toFixed(1)} ms; 0 when every message came first`,
      }),
    ];
  } finally {
    beating.forEach(clearTimeout);
    for (const client of clients) client.socket?.close();
    await product.stop();
  }
}

/** The queries a browser shows that a message makes it refetch, as the web app decides (useLiveUpdates). */
function refetches(client: Client, scopes: LiveScope[]): number {
  const changed = changedQueries(scopes);
  return client.shows.filter((queryKey) => changed(queryKey)).length;
}

/**
 * An Admin's company with a team everyone is in, two projects and 200
 * members, each a browser showing one page (see liveCompany); the first 100
 * have a running timer, the next one starts and cancels during the run.
 */
async function companyOf(product: Product) {
  const stamp = Date.now();
  const admin = await adminWithCompany(product, { email: `live-admin-${stamp}@bench.test`, fullName: 'Live Admin', companyName: `Live Company ${stamp}` });
  const { companyId } = admin;
  const adminSession: Session = { cookie: admin.cookie, readAfter: admin.readAfter };
  const asAdmin = (method: string, path: string, body?: unknown) => request(product, adminSession, method, `/api/companies/${companyId}${path}`, body);
  const { teamId } = await asAdmin('POST', '/teams', { name: 'Everyone' });
  const { projectId: website } = await asAdmin('POST', '/projects', { name: 'Website' });
  const { projectId: operations } = await asAdmin('POST', '/projects', { name: 'Operations' });

  const emails = Array.from({ length: CLIENTS }, (_, i) => `live-${i}-${stamp}@bench.test`);
  const members = await inParallel(emails, async (email, i) => {
    const { userId, cookie } = await signedInUser(product, { email, fullName: `Live Member ${i}` });
    return { userId, cookie, readAfter: null as string | null };
  });
  for (let i = 0; i < emails.length; i += INVITES_PER_REQUEST) {
    await asAdmin('POST', '/invites', { emails: emails.slice(i, i + INVITES_PER_REQUEST), role: 'Member', teamIds: [teamId] });
  }
  await inParallel(members, async (member, i) => {
    const link = new URL(await product.mailbox.linkTo(emails[i], '/invitation'));
    // The invite is the Admin's write: read after it.
    member.readAfter = adminSession.readAfter;
    await request(product, member, 'POST', `/api/invitations/${link.searchParams.get('i')}/accept`);
  });

  const task = (assigneeId: string, projectId: string, title: string) =>
    asAdmin('POST', '/tasks', { projectId, title, description: '<p>x</p>', status: 'TO DO', priority: 'P2', eta: null, assigneeId }).then((answer) => answer.taskId as string);
  const editedTaskId = await task(members[0].userId, website, 'Landing page');
  const trackingTasks = await inParallel(members.slice(0, RUNNING_TIMERS + 1), (member, i) => task(member.userId, operations, `Work ${i}`));
  const sessions = await inParallel(members.slice(0, RUNNING_TIMERS), async (member, i) => {
    // The task is the Admin's write: read after it.
    member.readAfter = adminSession.readAfter;
    await request(product, member, 'POST', `/api/companies/${companyId}/punch/in`, {});
    const started = await request(product, member, 'POST', `/api/companies/${companyId}/timer/start`, { teamId, projectId: operations, taskId: trackingTasks[i] });
    return started.session.sessionId as string;
  });
  const trackerIndex = RUNNING_TIMERS;
  members[trackerIndex].readAfter = adminSession.readAfter;
  await request(product, members[trackerIndex], 'POST', `/api/companies/${companyId}/punch/in`, {});

  const layout = (): QueryKey[] => [['me'], ['me', 'timer', companyId], ['company', companyId, 'details']];
  const page = (i: number): QueryKey[] => {
    if (i < 140) return [];
    if (i < 160) return [['company', companyId, 'projects'], ['company', companyId, 'my-tasks', i < 150 ? website : operations]];
    if (i < 180) {
      const filter = { projectIds: [website, operations], assigneeId: null, status: null, priority: null, search: '', sort: 'taskId', order: 'asc', page: 1 };
      return [['company', companyId, 'projects'], ['company', companyId, 'assignees'], ['company', companyId, 'tasks', filter]];
    }
    if (i < 190) return [['company', companyId, 'task', editedTaskId], ['company', companyId, 'projects'], ['company', companyId, 'assignees']];
    return [['company', companyId, 'teams'], ['company', companyId, 'members', { accessLevel: null, teamId: null, search: '', page: 1, pageSize: 20 }]];
  };
  const clients: Client[] = members.map((member, i) => ({ cookie: member.cookie, readAfter: member.readAfter, shows: [...layout(), ...page(i)] }));
  return {
    companyId,
    editedTaskId,
    clients,
    sessions: sessions.map((sessionId, i) => ({ client: clients[i], sessionId })),
    admin: adminSession,
    tracker: { client: clients[trackerIndex], start: { teamId, projectId: operations, taskId: trackingTasks[trackerIndex] } },
  };
}

/** A call as the web app sends it; the answer's JSON, or an error for anything but 2xx. */
async function request(product: Product, session: Session, method: string, path: string, body?: unknown) {
  const response = await fetch(`${product.url}${path}`, {
    method,
    headers: {
      cookie: session.cookie,
      [APP_HEADER]: APP_HEADER_VALUE,
      ...(session.readAfter ? { 'x-read-after': session.readAfter } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  // Calls of one session run side by side here: keep the newest position.
  const position = typeof answer?.position === 'string' ? parsePosition(answer.position) : null;
  const known = session.readAfter ? parsePosition(session.readAfter) : null;
  if (position && (!known || comparePositions(position, known) > 0)) session.readAfter = answer.position;
  return answer;
}

/** `work` for each item, SETUP_CONCURRENCY at a time; the answers in the items' order. */
async function inParallel<T, R>(items: readonly T[], work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(SETUP_CONCURRENCY, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        answers[index] = await work(items[index], index);
      }
    }),
  );
  return answers;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Waits for `promise`, or fails the run with a clear message rather than hang it. */
async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${SECTION}: waited ${LIVE_WAIT_MS} ms for ${what}`)), LIVE_WAIT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
