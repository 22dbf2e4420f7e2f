import { type BenchContext, type BenchResult, result } from './context.ts';
import { percentile } from './percentile.ts';
import { adminWithCompany, type Product, startProduct } from './product.ts';

const WRITERS = 30;
const DURATION_S = 10;
// Compiles the hot paths and fills the caches, as a server that has run a while has.
const WARM_UP_S = 2;
const SECTION = 'task creation over HTTP';

interface Board {
  cookie: string;
  companyId: string;
  projectId: string;
  userId: string;
}

/**
 * 30 writers creating tasks without pause in one project, over HTTP against
 * the product in a process of its own (as `npm start` runs it, logging off).
 * Every creation takes the next number of the project's prefix from one
 * stream, so this is the one stream all of them write: tasks per second, and
 * how many answers were a conflict ("The data changed while saving").
 */
export async function taskCreation(ctx: BenchContext): Promise<BenchResult[]> {
  const product = await startProduct(ctx);
  try {
    ctx.log('task creation: setting up a company, a team and a project');
    const board = await projectBoard(product);
    await ctx.settle();
    ctx.log(`task creation: ${WRITERS} writers in one project, a ${WARM_UP_S}-second warm-up, then ${DURATION_S} seconds`);
    await createTasks(product.url, board, WARM_UP_S, 'warm-up');
    const run = await createTasks(product.url, board, DURATION_S, 'run');
    const answered = run.latencies.length;
    const others = [...run.statuses].filter(([status]) => status !== 201 && status !== 409).map(([status, count]) => `${count} × ${status}`);
    return [
      result({
        section: SECTION,
        measure: `tasks created, ${WRITERS} writers in one project`,
        value: (run.statuses.get(201) ?? 0) / run.seconds,
        unit: 'tasks/s',
        note: `p50 ${percentile(run.latencies, 50).toFixed(1)} ms, p99 ${percentile(run.latencies, 99).toFixed(1)} ms${others.length > 0 ? `; other answers: ${others.join(', ')}` : ''}`,
      }),
      result({
        section: SECTION,
        measure: 'conflicts (409) among creations',
        value: answered === 0 ? 0 : (100 * (run.statuses.get(409) ?? 0)) / answered,
        unit: '%',
        target: { max: 0 },
        note: `${run.statuses.get(409) ?? 0} of ${answered}`,
      }),
    ];
  } finally {
    await product.stop();
  }
}

/** Each writer creates tasks one after another until the time is up; each with its own Idempotency-Key, as the web app sends. */
async function createTasks(baseUrl: string, board: Board, seconds: number, run: string) {
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const body = (title: string) =>
    JSON.stringify({ projectId: board.projectId, title, description: '<p>Created by the benchmark</p>', status: 'TO DO', priority: 'P3', eta: null, assigneeId: board.userId });
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const sent = performance.now();
        const response = await fetch(`${baseUrl}/api/companies/${board.companyId}/tasks`, {
          method: 'POST',
          headers: { cookie: board.cookie, 'content-type': 'application/json', 'idempotency-key': `${run}-${writer}-${n}` },
          body: body(`Task ${writer}.${n}`),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - sent);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  return { statuses, latencies, seconds: (performance.now() - started) / 1000 };
}

async function projectBoard(product: Product): Promise<Board> {
  const { cookie, userId, companyId, call } = await adminWithCompany(product, { email: `bench-tasks-${Date.now()}@bench.test`, fullName: 'Bench Manager', companyName: 'Bench Tasks' });
  await call('POST', `/api/companies/${companyId}/teams`, { name: 'Bench' });
  const { projectId } = (await call('POST', `/api/companies/${companyId}/projects`, { name: 'Bench Board' })).body;
  // The next request waits until the read models hold the project and the team.
  await call('GET', `/api/companies/${companyId}/projects`);
  return { cookie, companyId, projectId, userId };
}
