import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import WebSocket from 'ws';
import { ensureDatabase } from '../../api/database/embedded-postgres.ts';
import { startMailbox } from '../../tests/support/mailbox.ts';
import { type BenchContext, type BenchResult, result } from './context.ts';
import { percentile } from './percentile.ts';
import { adminWithCompany, UNLIMITED } from './product.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const SECTION = 'topology';
/** BENCH_TOPOLOGY_AGENTS and BENCH_TOPOLOGY_SECONDS scale it down for a quick look; the targets hold for the defaults. */
const AGENTS = Number(process.env.BENCH_TOPOLOGY_AGENTS ?? 1_000);
const BROWSERS = Math.min(200, AGENTS);
const DURATION_MS = Number(process.env.BENCH_TOPOLOGY_SECONDS ?? 300) * 1000;
const HEARTBEAT_EVERY_MS = 30_000;
const USAGE_EVERY_MS = 60_000;
const SCREENSHOT_EVERY_MS = 600_000;
/** People set up at once. */
const SETUP_CONCURRENCY = 20;
const TIME_ZONE = 'Asia/Kolkata';

type Kind = 'heartbeat' | 'usage' | 'screenshot';

interface Agent {
  index: number;
  companyId: string;
  sessionId: string;
  sessionStart: number;
  token: string;
  cookie: string;
  requests: number;
}

/**
 * The split deployment under the load of a company of a thousand (issue 28):
 * two API processes with RUN_PROJECTIONS=false and one worker, each a process
 * of its own as docker-compose.yml runs them, on one PostgreSQL database.
 * 1,000 simulated desktop agents, each of a person with a running timer, send
 * a heartbeat every 30 s, a usage batch a minute and a screenshot every 10
 * minutes, each request to the other API than their last; 200 browsers follow
 * their companies' live updates over WebSockets. For 5 minutes (after the
 * people are set up, not timed): errors, the p99 of each kind of request, how
 * long after a usage batch's answer its company's browser hears of it, and
 * the CPU each process used. `npm run bench -- topology`; not part of a full
 * run, which it would lengthen by about 8 minutes.
 */
export async function topology(ctx: BenchContext): Promise<BenchResult[]> {
  const serverUrl = new URL(ctx.url);
  serverUrl.pathname = '/postgres';
  const databaseUrl = await ensureDatabase(serverUrl.toString(), `bench_topology_${Date.now()}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timeledger-bench-topology-'));
  const mailbox = await startMailbox();
  const processes: ServerProcess[] = [];
  const sockets: WebSocket[] = [];
  try {
    const env = { ...UNLIMITED, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SMTP_URL: mailbox.url, FILE_STORAGE: 'postgres', SERVE_WEB: 'false', LOG_LEVEL: 'silent' };
    ctx.log('topology: starting a worker, then two API processes with RUN_PROJECTIONS=false');
    const worker = await startServerProcess('scripts/worker.ts', '/health', env, 'WORKER_HEALTH_PORT');
    processes.push(worker);
    const apis = await Promise.all([0, 1].map(() => startServerProcess('scripts/start.ts', '/api/health', { ...env, RUN_PROJECTIONS: 'false' })));
    processes.push(...apis);
    const apiOf = (agent: Agent) => apis[agent.requests++ % apis.length].url;

    ctx.log(`topology: setting up ${AGENTS} people, each with a company, a running timer and an API token (not timed)`);
    const agents: Agent[] = [];
    for (let first = 0; first < AGENTS; first += SETUP_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(SETUP_CONCURRENCY, AGENTS - first) }, (_, k) => setUpAgent(first + k, apis[(first + k) % apis.length].url, mailbox));
      agents.push(...(await Promise.all(batch)));
      if ((first / SETUP_CONCURRENCY) % 10 === 9) ctx.log(`topology: ${agents.length} people set up`);
    }

    ctx.log(`topology: ${BROWSERS} browsers follow their companies' live updates`);
    const deliveries: number[] = [];
    const watched = new Map<string, DeliveryWatch>();
    for (const agent of agents.slice(0, BROWSERS)) {
      const socket = new WebSocket(`${apis[(agent.index + 1) % apis.length].url.replace('http', 'ws')}/api/live`, { headers: { cookie: agent.cookie } });
      sockets.push(socket);
      const watch = new DeliveryWatch(deliveries);
      watched.set(agent.companyId, watch);
      socket.on('message', (raw) => {
        if (JSON.parse(String(raw)).type === 'changed') watch.heard();
      });
      // As the web app does: it names the company to follow once the server says the socket is ready.
      await new Promise((resolve, reject) => socket.once('message', resolve).once('error', reject));
      socket.send(JSON.stringify({ type: 'follow', companyId: agent.companyId }));
    }

    const screen = await sharp({ create: { width: 1280, height: 800, channels: 3, background: '#dfe7f1' } })
      .composite([{ input: Buffer.from('<svg width="1280" height="56"><rect width="1280" height="56" fill="#2f5d8a"/></svg>'), top: 0, left: 0 }])
      .png()
      .toBuffer();
    const latencies: Record<Kind, number[]> = { heartbeat: [], usage: [], screenshot: [] };
    const failures: string[] = [];
    const send = async (agent: Agent, kind: Kind, pathAndQuery: string, body: object | Buffer) => {
      const json = !Buffer.isBuffer(body);
      const watch = kind === 'heartbeat' ? undefined : watched.get(agent.companyId);
      watch?.sent();
      const started = performance.now();
      try {
        const response = await fetch(`${apiOf(agent)}/api/companies/${agent.companyId}${pathAndQuery}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${agent.token}`, 'content-type': json ? 'application/json' : 'image/png' },
          body: json ? JSON.stringify(body) : new Uint8Array(body),
        });
        await response.arrayBuffer();
        if (response.status >= 300) throw new Error(`${response.status}`);
        latencies[kind].push(performance.now() - started);
        watch?.answered();
      } catch (error) {
        failures.push(`${kind}: ${(error as Error).message}`);
      }
    };
    const actions: Record<Kind, { every: number; act: (agent: Agent) => Promise<void> }> = {
      heartbeat: { every: HEARTBEAT_EVERY_MS, act: (agent) => send(agent, 'heartbeat', '/timer/heartbeat', { sessionId: agent.sessionId }) },
      usage: {
        every: USAGE_EVERY_MS,
        act: (agent) => {
          const start = Math.max(agent.sessionStart, Date.now() - USAGE_EVERY_MS);
          const seconds = Math.max(1, Math.floor((Date.now() - start) / 1000) - 1);
          const sample = { application: 'Visual Studio Code', windowTitle: 'topology.ts', start: new Date(start).toISOString(), seconds, idle: false };
          return send(agent, 'usage', '/app-usage', { batchId: randomUUID(), samples: [sample] });
        },
      },
      screenshot: {
        every: SCREENSHOT_EVERY_MS,
        act: (agent) => {
          const query = new URLSearchParams({ screenshotId: randomUUID(), sessionId: agent.sessionId, takenAt: new Date().toISOString(), application: 'Visual Studio Code' });
          return send(agent, 'screenshot', `/screenshots?${query}`, screen);
        },
      },
    };

    ctx.log(`topology: the agents and browsers for ${DURATION_MS / 1000} s`);
    const cpuBefore = await cpuSeconds(processes);
    const wallStarted = performance.now();
    const endsAt = Date.now() + DURATION_MS;
    const inFlight = new Set<Promise<void>>();
    const timers: NodeJS.Timeout[] = [];
    for (const agent of agents) {
      for (const { every, act } of Object.values(actions)) {
        // Each agent's clock starts at a moment of its own, as agents started over the day do.
        const tick = () => {
          if (Date.now() >= endsAt) return;
          const request = act(agent).finally(() => inFlight.delete(request));
          inFlight.add(request);
          timers.push(setTimeout(tick, every));
        };
        timers.push(setTimeout(tick, Math.random() * every));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, DURATION_MS));
    timers.forEach(clearTimeout);
    await Promise.all(inFlight);
    const wallSeconds = (performance.now() - wallStarted) / 1000;
    const cpuAfter = await cpuSeconds(processes);
    const cpu = (index: number) => ((cpuAfter.processes[index] - cpuBefore.processes[index]) / wallSeconds) * 100;
    const postgresCpu = ((cpuAfter.postgres - cpuBefore.postgres) / wallSeconds) * 100;

    const counts = Object.entries(latencies).map(([kind, values]) => `${values.length} ${kind}s`).join(', ');
    const failed = failures.length > 0 ? `; first failures: ${[...new Set(failures)].slice(0, 3).join(', ')}` : '';
    return [
      result({ section: SECTION, measure: `errors, ${AGENTS} agents and ${BROWSERS} browsers for ${DURATION_MS / 1000} s (${counts})`, value: failures.length, unit: 'errors', target: { max: 0 }, note: failed || undefined }),
      result({ section: SECTION, measure: 'heartbeat (timer), p99, alternating API processes', value: pct(latencies.heartbeat, 99), unit: 'ms', target: { max: 100 }, note: `p50 ${pct(latencies.heartbeat, 50).toFixed(1)} ms` }),
      result({ section: SECTION, measure: 'usage batch, p99', value: pct(latencies.usage, 99), unit: 'ms', target: { max: 100 }, note: `p50 ${pct(latencies.usage, 50).toFixed(1)} ms` }),
      result({ section: SECTION, measure: 'screenshot (1280 × 800 PNG, re-encoded), p99', value: pct(latencies.screenshot, 99), unit: 'ms', note: `p50 ${pct(latencies.screenshot, 50).toFixed(1)} ms` }),
      result({
        section: SECTION,
        measure: "WebSocket delivery after a usage batch's answer, p95",
        value: pct(deliveries, 95),
        unit: 'ms',
        target: { max: 100 },
        note: `${deliveries.length} deliveries to ${BROWSERS} browsers on the other process than the write; 0 when the message came first`,
      }),
      result({
        section: SECTION,
        measure: 'CPU: API A, API B, worker, PostgreSQL, load generator (% of one core)',
        value: cpu(1) + cpu(2) + cpu(0) + postgresCpu,
        unit: '% cpu',
        note: `API A ${cpu(1).toFixed(0)}%, API B ${cpu(2).toFixed(0)}%, worker ${cpu(0).toFixed(0)}%, PostgreSQL ${postgresCpu.toFixed(0)}%, load generator ${(((cpuAfter.self - cpuBefore.self) / wallSeconds) * 100).toFixed(0)}%`,
      }),
    ];
  } finally {
    sockets.forEach((socket) => socket.terminate());
    for (const server of processes.reverse()) await server.stop();
    await mailbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * How long after a write's answer its company's browser hears that
 * something changed: the company has one agent, so what it hears follows
 * that agent's writes.
 */
class DeliveryWatch {
  private answeredAt: number | null = null;
  private heardSinceSent = false;

  constructor(private readonly deliveries: number[]) {}

  sent() {
    this.heardSinceSent = false;
  }

  answered() {
    if (this.heardSinceSent) this.deliveries.push(0);
    else this.answeredAt = performance.now();
  }

  heard() {
    if (this.answeredAt !== null) {
      this.deliveries.push(performance.now() - this.answeredAt);
      this.answeredAt = null;
    } else {
      this.heardSinceSent = true;
    }
  }
}

async function setUpAgent(index: number, url: string, mailbox: Awaited<ReturnType<typeof startMailbox>>): Promise<Agent> {
  const who = { email: `agent-${index}-${Date.now()}@bench.test`, fullName: `Agent ${index}`, companyName: `Topology ${index}` };
  const { cookie, userId, companyId, call } = await adminWithCompany({ url, mailbox, stop: async () => undefined }, who);
  const company = `/api/companies/${companyId}`;
  const { teamId } = (await call('POST', `${company}/teams`, { name: 'Desk' })).body;
  const { projectId } = (await call('POST', `${company}/projects`, { name: 'Work' })).body;
  const { taskId } = (await call('POST', `${company}/tasks`, { projectId, title: 'Work', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: userId })).body;
  await call('PUT', `${company}/settings/screenshots`, { enabled: true });
  const { token } = (await call('POST', '/api/me/tokens', { name: 'Desktop agent' })).body;
  await call('POST', `${company}/punch/in`, { timeZone: TIME_ZONE });
  const { session } = (await call('POST', `${company}/timer/start`, { teamId, projectId, taskId, timeZone: TIME_ZONE })).body;
  return { index, companyId, sessionId: session.sessionId, sessionStart: Date.parse(session.startedAt), token, cookie, requests: index };
}

/** A percentile, 0 when nothing was measured (a short run may send no screenshot). */
function pct(values: number[], q: number): number {
  return values.length > 0 ? percentile(values, q) : 0;
}

const TICKS_PER_SECOND = 100;

/** CPU seconds (user and system) used so far by each process, by every PostgreSQL process together, and by this one. */
async function cpuSeconds(processes: ServerProcess[]): Promise<{ processes: number[]; postgres: number; self: number }> {
  const ofPid = async (pid: number | string) => {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (!stat) return { name: '', seconds: 0, withEndedChildren: 0 };
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are the 14th and 15th fields of the whole line, the 12th and 13th after the name;
    // cutime and cstime, next, hold what its ended children used (PostgreSQL's ended connections, in its postmaster).
    const own = Number(fields[11]) + Number(fields[12]);
    const children = Number(fields[13]) + Number(fields[14]);
    return { name, seconds: own / TICKS_PER_SECOND, withEndedChildren: (own + children) / TICKS_PER_SECOND };
  };
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const all = await Promise.all(pids.map(ofPid));
  const usage = process.cpuUsage();
  return {
    processes: await Promise.all(processes.map(async ({ pid }) => (await ofPid(pid)).seconds)),
    postgres: all.filter(({ name }) => name === 'postgres').reduce((sum, { withEndedChildren }) => sum + withEndedChildren, 0),
    self: (usage.user + usage.system) / 1e6,
  };
}
