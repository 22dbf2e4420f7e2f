import { randomUUID } from 'node:crypto';
import { listMembers } from '../../projections/organisation/queries.ts';
import { type BenchContext, type BenchResult, result } from './context.ts';
import { latencies } from './latencies.ts';
import { percentile } from './percentile.ts';

const MEMBERS = 2_000;
const TEAMS = 50;
const RUNS = 300;
const SECTION = 'members tab';

/**
 * The Members tab query (filters, search, a page of 50 with each member's
 * teams) for a company of 2,000 members in 50 teams, beside one indexed SELECT.
 */
export async function membersQuery(ctx: BenchContext): Promise<BenchResult[]> {
  ctx.log(`members tab: seeding ${MEMBERS} members in ${TEAMS} teams`);
  const companyId = randomUUID();
  // Other companies' rows around it, as in a shared database.
  for (let c = 0; c < 5; c++) await seedCompany(ctx, c === 0 ? companyId : randomUUID());
  await ctx.pool.query('ANALYZE');

  const teams = await ctx.db.selectFrom('teams').select('team_id').where('company_id', '=', companyId).execute();
  const queries = [
    () => listMembers(ctx.db, companyId, { page: 1, pageSize: 50 }),
    () => listMembers(ctx.db, companyId, { accessLevel: 'Member', page: 3, pageSize: 50 }),
    () => listMembers(ctx.db, companyId, { teamId: teams[7].team_id, page: 1, pageSize: 20 }),
    () => listMembers(ctx.db, companyId, { search: 'user 1', page: 2, pageSize: 50 }),
    () => listMembers(ctx.db, companyId, { withinTeams: teams.slice(0, 3).map((t) => t.team_id), page: 1, pageSize: 50 }),
  ];
  const someUser = (await ctx.db.selectFrom('company_members').select('user_id').where('company_id', '=', companyId).executeTakeFirstOrThrow()).user_id;

  const tab = await latencies(RUNS, (i) => queries[i % queries.length]());
  const indexed = await latencies(RUNS, () =>
    ctx.pool.query('SELECT * FROM company_members WHERE company_id = $1 AND user_id = $2', [companyId, someUser]),
  );
  const baseline = percentile(indexed, 95);
  return [
    result({ section: SECTION, measure: 'single indexed SELECT, p95', value: baseline, unit: 'ms' }),
    result({
      section: SECTION,
      measure: `members tab query, ${MEMBERS} members / ${TEAMS} teams, p95`,
      value: percentile(tab, 95),
      unit: 'ms',
      target: { max: 50 },
      note: `p50 ${percentile(tab, 50).toFixed(1)} ms over ${RUNS} queries with filters, search and pages`,
    }),
  ];
}

async function seedCompany(ctx: BenchContext, companyId: string) {
  const now = new Date();
  await ctx.db
    .insertInto('companies')
    .values({
      company_id: companyId,
      name: `Company ${companyId.slice(0, 8)}`,
      location_country: 'India',
      location_code: 'IN',
      time_zone: 'Asia/Kolkata',
      work_start: '09:00',
      work_end: '18:00',
      created_by: randomUUID(),
      created_at: now,
      subscription_status: 'active',
      trial_ends_at: null,
    })
    .execute();
  const teamIds = Array.from({ length: TEAMS }, () => randomUUID());
  await ctx.db
    .insertInto('teams')
    .values(teamIds.map((team_id, i) => ({ team_id, company_id: companyId, name: `Team ${i}`, deleted: false, created_at: now })))
    .execute();
  const levels = ['Member', 'Member', 'Member', 'Manager', 'Head'];
  const members = Array.from({ length: MEMBERS }, (_, i) => ({
    company_id: companyId,
    user_id: randomUUID(),
    name: `User ${i}`,
    email: `user${i}.${companyId.slice(0, 8)}@bench.test`,
    is_admin: i < 3,
    access_level: i < 3 ? 'Admin' : levels[i % levels.length],
    hourly_rate: 20 + (i % 30),
    deleted: i % 50 === 0,
    joined_at: now,
  }));
  for (let i = 0; i < members.length; i += 500) await ctx.db.insertInto('company_members').values(members.slice(i, i + 500)).execute();
  const teamMembers = members.flatMap((m, i) => [
    { team_id: teamIds[i % TEAMS], user_id: m.user_id, company_id: companyId, role: m.access_level },
    { team_id: teamIds[(i * 7 + 3) % TEAMS], user_id: m.user_id, company_id: companyId, role: m.access_level },
  ]);
  for (let i = 0; i < teamMembers.length; i += 1000) {
    await ctx.db.insertInto('team_members').values(teamMembers.slice(i, i + 1000)).onConflict((oc) => oc.doNothing()).execute();
  }
}

