import { comparePositions, parsePosition } from '../../eventstore/types.ts';
import { type BenchContext, type BenchResult, result } from './context.ts';
import { percentile } from './percentile.ts';
import { adminWithCompany, type Product, startProduct } from './product.ts';

const COMMENTS = 200;
// Compiles the hot paths and fills the caches, as a server that has run a while has.
const WARM_UP_COMMENTS = 50;
const SECTION = 'comment posting over HTTP';

interface Board {
  cookie: string;
  companyId: string;
  taskId: string;
}

/**
 * 200 comments posted at the same moment to one task, over HTTP against the
 * product in a process of its own (as `npm start` runs it, logging off), each
 * with its own Idempotency-Key as the web app sends them. Each comment is a
 * stream of its own, so none should meet a conflict ("The data changed while
 * saving"): the share of conflicts, and the answers' p95.
 */
export async function commentPosting(ctx: BenchContext): Promise<BenchResult[]> {
  const product = await startProduct(ctx);
  try {
    ctx.log('comment posting: setting up a company, a team, a project and a task');
    const board = await taskBoard(product);
    await ctx.settle();
    ctx.log(`comment posting: ${WARM_UP_COMMENTS} comments to warm up, then ${COMMENTS} at once`);
    await postAtOnce(product.url, board, WARM_UP_COMMENTS, 'warm-up');
    const run = await postAtOnce(product.url, board, COMMENTS, 'run');
    const listed = await listedComments(product.url, board, run.newestPosition);
    const others = [...run.statuses].filter(([status]) => status !== 201 && status !== 409).map(([status, count]) => `${count} × ${status}`);
    return [
      result({
        section: SECTION,
        measure: `${COMMENTS} comments posted at once to one task, p95`,
        value: percentile(run.latencies, 95),
        unit: 'ms',
        target: { max: 200 },
        note: `p50 ${percentile(run.latencies, 50).toFixed(1)} ms, p99 ${percentile(run.latencies, 99).toFixed(1)} ms; ${listed} comments listed on the task${others.length > 0 ? `; other answers: ${others.join(', ')}` : ''}`,
      }),
      result({
        section: SECTION,
        measure: 'conflicts (409) among comments posted at once',
        value: (100 * (run.statuses.get(409) ?? 0)) / COMMENTS,
        unit: '%',
        target: { max: 0 },
        note: `${run.statuses.get(409) ?? 0} of ${COMMENTS}`,
      }),
    ];
  } finally {
    await product.stop();
  }
}

/** `count` comments sent together; each answer's time from its own sending. */
async function postAtOnce(baseUrl: string, board: Board, count: number, run: string) {
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let newestPosition: string | null = null;
  await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const sent = performance.now();
      const response = await fetch(`${baseUrl}/api/companies/${board.companyId}/tasks/${board.taskId}/comments`, {
        method: 'POST',
        headers: { cookie: board.cookie, 'content-type': 'application/json', 'idempotency-key': `${run}-${n}` },
        body: JSON.stringify({ html: `<p>Comment ${n} of the ${run}</p>` }),
      });
      const answer = (await response.json()) as { position?: string | null };
      latencies.push(performance.now() - sent);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const position = answer.position ? parsePosition(answer.position) : null;
      if (position && (!newestPosition || comparePositions(position, parsePosition(newestPosition)!) > 0)) newestPosition = answer.position!;
    }),
  );
  return { statuses, latencies, newestPosition };
}

/** How many comments the task page lists once the read models hold the newest one posted. */
async function listedComments(baseUrl: string, board: Board, readAfter: string | null) {
  const response = await fetch(`${baseUrl}/api/companies/${board.companyId}/tasks/${board.taskId}`, {
    headers: { cookie: board.cookie, ...(readAfter ? { 'x-read-after': readAfter } : {}) },
  });
  const task = (await response.json()) as { comments?: unknown[] };
  return task.comments?.length ?? 0;
}

async function taskBoard(product: Product): Promise<Board> {
  const { cookie, userId, companyId, call } = await adminWithCompany(product, { email: `bench-comments-${Date.now()}@bench.test`, fullName: 'Bench Commenter', companyName: 'Bench Comments' });
  await call('POST', `/api/companies/${companyId}/teams`, { name: 'Bench' });
  const { projectId } = (await call('POST', `/api/companies/${companyId}/projects`, { name: 'Bench Talk' })).body;
  // Each call waits until the read models hold what the one before wrote: the project and the team.
  const task = await call('POST', `/api/companies/${companyId}/tasks`, {
    projectId,
    title: 'Much discussed',
    description: '<p>Everyone has something to say</p>',
    status: 'TO DO',
    priority: 'P2',
    eta: null,
    assigneeId: userId,
  });
  await call('GET', `/api/companies/${companyId}/tasks/${task.body.taskId}`);
  return { cookie, companyId, taskId: task.body.taskId };
}
