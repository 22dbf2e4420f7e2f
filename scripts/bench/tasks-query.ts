import { randomUUID } from 'node:crypto';
import { listTasks } from '../../projections/projects-and-tasks/queries.ts';
import { type BenchContext, type BenchResult, result } from './context.ts';
import { latencies } from './latencies.ts';
import { percentile } from './percentile.ts';

const TASKS = 50_000;
const PROJECTS = 20;
const ASSIGNEES = 200;
const RUNS = 300;
const SECTION = 'tasks table';

/** The /manage-tasks query (filters, search, sort, a page of 50) over 50,000 tasks of one company, beside one indexed SELECT. */
export async function tasksQuery(ctx: BenchContext): Promise<BenchResult[]> {
  ctx.log(`tasks table: seeding ${TASKS.toLocaleString('en')} tasks`);
  const companyId = randomUUID();
  const projectIds = Array.from({ length: PROJECTS }, () => randomUUID());
  const assignees = Array.from({ length: ASSIGNEES }, () => randomUUID());
  const now = Date.now();
  await ctx.db
    .insertInto('projects')
    .values(projectIds.map((project_id, i) => ({ project_id, company_id: companyId, name: `Project ${i}`, prefix: 'PR', deleted: false, created_at: new Date(now) })))
    .execute();
  await ctx.db
    .insertInto('company_members')
    .values(assignees.map((user_id, i) => ({ company_id: companyId, user_id, name: `Person ${i}`, email: `p${i}@tasks.test`, is_admin: false, access_level: 'Member', deleted: false, joined_at: new Date(now) })))
    .execute();
  const statuses = ['TO DO', 'IN PROGRESS', 'QA', 'DONE'];
  for (let start = 0; start < TASKS; start += 2000) {
    const rows = Array.from({ length: Math.min(2000, TASKS - start) }, (_, k) => {
      const n = start + k + 1;
      return {
        company_id: companyId,
        task_id: `PR-${n}`,
        number: n,
        project_id: projectIds[n % PROJECTS],
        title: `Task ${n} ${['design', 'build', 'review', 'ship', 'fix'][n % 5]} ${n % 97}`,
        description: '<p>Details</p>',
        status: statuses[n % 4],
        priority: `P${(n % 4) + 1}`,
        eta: n % 3 ? null : '2026-12-01',
        assignee_id: assignees[n % ASSIGNEES],
        created_by: assignees[0],
        deleted: n % 40 === 0,
        created_at: new Date(now - n * 1000),
        updated_at: new Date(now - n * 1000),
      };
    });
    await ctx.db.insertInto('tasks').values(rows).execute();
  }
  await ctx.pool.query('ANALYZE');

  const page = { page: 1, pageSize: 50 };
  const queries = [
    () => listTasks(ctx.db, companyId, { projectIds: projectIds.slice(0, 5), sort: 'taskId', order: 'asc', ...page }),
    () => listTasks(ctx.db, companyId, { projectIds, status: 'IN PROGRESS', sort: 'updatedAt', order: 'desc', ...page, page: 4 }),
    () => listTasks(ctx.db, companyId, { projectIds: projectIds.slice(0, 10), assigneeId: assignees[7], sort: 'title', order: 'asc', ...page }),
    () => listTasks(ctx.db, companyId, { projectIds, search: 'review 4', priority: 'P2', sort: 'eta', order: 'desc', ...page }),
    () => listTasks(ctx.db, companyId, { projectIds: [projectIds[3]], sort: 'assignee', order: 'asc', ...page, page: 2 }),
  ];
  const table = await latencies(RUNS, (i) => queries[i % queries.length]());
  const indexed = await latencies(RUNS, () => ctx.pool.query('SELECT * FROM tasks WHERE company_id = $1 AND task_id = $2', [companyId, 'PR-1234']));
  return [
    result({ section: SECTION, measure: 'single indexed SELECT, p95', value: percentile(indexed, 95), unit: 'ms' }),
    result({
      section: SECTION,
      measure: `manage-tasks query, ${TASKS.toLocaleString('en')} tasks, p95`,
      value: percentile(table, 95),
      unit: 'ms',
      target: { max: 50 },
      note: `p50 ${percentile(table, 50).toFixed(1)} ms over ${RUNS} queries with filters, search and sorts`,
    }),
  ];
}
