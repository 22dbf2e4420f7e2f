import autocannon from 'autocannon';
import WebSocket from 'ws';
import { type BenchContext, type BenchResult, result } from './context.ts';
import { percentile } from './percentile.ts';
import { adminWithCompany, type Product, startProduct } from './product.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const CONNECTIONS = 50;
const DURATION_S = 10;
/** This machine's speed varies from minute to minute: the run with the median p99 counts. */
const RUNS = 3;
// Compiles the hot paths and fills the caches, as a server that has run a while has.
const WARM_UP_S = 3;
const DELIVERIES = 100;
const SECTION = 'timer over HTTP';

interface TrackingUser {
  cookie: string;
  companyId: string;
  teamId: string;
  projectId: string;
  taskId: string;
}

/**
 * Timer start and cancel for 50 distinct users on 50 connections, beside a
 * Fastify hello-world route; each server runs in a process of its own, as
 * `npm start` runs it (logging off). A command answers once its events are
 * durable (reads wait for read models, see READ_AFTER_HEADER). Then how long
 * after a command's response the user's other tab hears of it.
 * Stop saves only after a minute, so the write that ends each session here is cancel.
 */
export async function timerHttp(ctx: BenchContext): Promise<BenchResult[]> {
  const product = await startProduct(ctx);
  let hello: ServerProcess | null = null;
  try {
    hello = await startServerProcess('scripts/bench/hello-server.ts', '/hello');
    ctx.log(`timer over HTTP: setting up ${CONNECTIONS} users, each with a company, team, project and task`);
    const users: TrackingUser[] = [];
    for (let i = 0; i < CONNECTIONS; i += 10) {
      users.push(...(await Promise.all(Array.from({ length: Math.min(10, CONNECTIONS - i) }, (_, k) => trackingUser(product, i + k)))));
    }

    ctx.log('timer over HTTP: hello-world baseline');
    const baseline = await autocannon({ url: `${hello.url}/hello`, connections: CONNECTIONS, duration: DURATION_S });

    // The server caught its read models up with what earlier sections wrote: not part of what is timed here.
    await ctx.settle();
    ctx.log(`timer over HTTP: start and cancel, ${RUNS} runs (a short warm-up first, not counted)`);
    const startAndCancel = (duration: number) => {
      let next = 0;
      return autocannon({
        url: product.url,
        connections: CONNECTIONS,
        duration,
        setupClient: (client) => {
          const user = users[next++ % users.length];
          const headers = { cookie: user.cookie, 'content-type': 'application/json' };
          client.setRequests([
            {
              method: 'POST',
              path: `/api/companies/${user.companyId}/timer/start`,
              headers,
              body: JSON.stringify({ teamId: user.teamId, projectId: user.projectId, taskId: user.taskId, timeZone: 'Asia/Kolkata' }),
            },
            { method: 'POST', path: `/api/companies/${user.companyId}/timer/cancel`, headers, body: '{}' },
          ]);
        },
      });
    };
    await startAndCancel(WARM_UP_S);
    const runs: autocannon.Result[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await startAndCancel(DURATION_S));
    const timer = [...runs].sort((a, b) => a.latency.p99 - b.latency.p99)[Math.floor(RUNS / 2)];
    const failures = runs.flatMap((run) => [
      ...Object.entries(run.statusCodeStats ?? {}).filter(([status]) => !status.startsWith('2')).map(([status, { count }]) => `${count} × ${status}`),
      ...(run.errors ? [`${run.errors} errors (${run.timeouts} timeouts)`] : []),
    ]);

    ctx.log('timer over HTTP: live delivery to another tab');
    const delivery = await deliveryLatencies(product.url, users[0]);

    return [
      result({ section: SECTION, measure: `Fastify hello-world, ${CONNECTIONS} connections`, value: baseline.requests.average, unit: 'req/s' }),
      result({ section: SECTION, measure: 'Fastify hello-world, p99', value: baseline.latency.p99, unit: 'ms' }),
      result({
        section: SECTION,
        measure: `timer start/cancel, ${CONNECTIONS} users`,
        value: timer.requests.average,
        unit: 'req/s',
        baseline: baseline.requests.average,
        note: failures.length > 0 ? `failed in the ${RUNS} runs: ${failures.join(', ')}` : undefined,
      }),
      result({
        section: SECTION,
        measure: 'timer start/cancel, p99',
        value: timer.latency.p99,
        unit: 'ms',
        target: { max: 50 },
        note: `the median of ${RUNS} runs of ${DURATION_S} s, whose p99s were ${runs.map((run) => run.latency.p99).join(', ')} ms; in it p50 ${timer.latency.p50} ms, p97.5 ${timer.latency.p97_5} ms, max ${timer.latency.max} ms`,
      }),
      result({
        section: SECTION,
        measure: 'WebSocket delivery after the response, p95',
        value: percentile(delivery, 95),
        unit: 'ms',
        target: { max: 100 },
        note: `${DELIVERIES} stops; 0 when the message came first`,
      }),
    ];
  } finally {
    await hello?.stop();
    await product.stop();
  }
}

async function trackingUser(product: Product, index: number): Promise<TrackingUser> {
  const who = { email: `bench-${index}-${Date.now()}@bench.test`, fullName: `Bench User ${index}`, companyName: `Bench Company ${index}` };
  const { cookie, userId, companyId, call } = await adminWithCompany(product, who);
  const { teamId } = (await call('POST', `/api/companies/${companyId}/teams`, { name: 'Bench' })).body;
  const { projectId } = (await call('POST', `/api/companies/${companyId}/projects`, { name: 'Bench Project' })).body;
  const { taskId } = (await call('POST', `/api/companies/${companyId}/tasks`, { projectId, title: 'Load', description: 'x', status: 'TO DO', priority: 'P1', eta: null, assigneeId: userId })).body;
  await call('POST', `/api/companies/${companyId}/punch/in`, {});
  return { cookie, companyId, teamId, projectId, taskId };
}

/** Milliseconds from a command's response to the other tab's WebSocket message about it (0 if the message came first). */
async function deliveryLatencies(baseUrl: string, user: TrackingUser): Promise<number[]> {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/live`, { headers: { cookie: user.cookie } });
  let heard: () => void = () => undefined;
  let lastMessageAt = 0;
  socket.on('message', (raw) => {
    if (JSON.parse(String(raw)).type !== 'changed') return;
    lastMessageAt = performance.now();
    heard();
  });
  await within(new Promise((resolve) => socket.once('message', resolve)), 'the live socket to open');
  const post = (action: string) =>
    fetch(`${baseUrl}/api/companies/${user.companyId}/timer/${action}`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: action === 'start' ? JSON.stringify({ teamId: user.teamId, projectId: user.projectId, taskId: user.taskId }) : '{}',
    }).then((r) => r.text());
  const times: number[] = [];
  for (let i = 0; i < DELIVERIES; i++) {
    await post('start');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const message = new Promise<void>((resolve) => (heard = resolve));
    const before = lastMessageAt;
    await post('cancel');
    const answeredAt = performance.now();
    await within(message, 'the other tab to hear of a cancel');
    times.push(Math.max(0, (lastMessageAt > before ? lastMessageAt : answeredAt) - answeredAt));
  }
  socket.close();
  return times;
}

const LIVE_WAIT_MS = 5000;

/** Waits for `promise`, or fails the run with a clear message rather than hang it. */
async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timer over HTTP: waited ${LIVE_WAIT_MS} ms for ${what}`)), LIVE_WAIT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
