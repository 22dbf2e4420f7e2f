import { type Kysely, sql } from 'kysely';
import { shownSubscriptionStatus } from '../../domain/billing/status.ts';
import type { Database } from '../database.ts';

/** The companies a user belongs to, with their role and subscription (select-company, the switcher); `billingOff`: BILLING=off. */
export async function companyListOf(db: Kysely<Database>, userId: string, { billingOff = false, now }: { billingOff?: boolean; now: Date }) {
  const rows = await db
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.company_id', 'm.company_id')
    .select(['c.company_id', 'c.name', 'm.access_level', 'c.subscription_status', 'c.trial_ends_at', 'c.subscription_active_until'])
    .where('m.user_id', '=', userId)
    .where('m.deleted', '=', false)
    .orderBy('c.name')
    .execute();
  return rows.map((row) => ({
    companyId: row.company_id,
    companyName: row.name,
    role: row.access_level,
    subscriptionStatus: shownSubscriptionStatus({ status: row.subscription_status, activeUntil: row.subscription_active_until }, now, billingOff),
    trialExpiryDate: row.trial_ends_at?.toISOString() ?? null,
  }));
}

/** The teams of a company (or only the given ones) with their members, for the Teams tab. */
export async function listTeams(db: Kysely<Database>, companyId: string, options: { teamIds?: string[]; search?: string }) {
  if (options.teamIds && options.teamIds.length === 0) return [];
  let query = db.selectFrom('teams').select(['team_id', 'name', 'created_at']).where('company_id', '=', companyId).where('deleted', '=', false);
  if (options.teamIds) query = query.where('team_id', 'in', options.teamIds);
  if (options.search?.trim()) query = query.where('name', 'ilike', `%${escapeLike(options.search.trim())}%`);
  const teams = await query.orderBy('name').execute();
  if (teams.length === 0) return [];
  const members = await db
    .selectFrom('team_members as tm')
    .innerJoin('company_members as m', (join) => join.onRef('m.company_id', '=', 'tm.company_id').onRef('m.user_id', '=', 'tm.user_id'))
    .select(['tm.team_id', 'tm.user_id', 'tm.role', 'm.name', 'm.email'])
    .where('tm.team_id', 'in', teams.map((t) => t.team_id))
    .where('m.deleted', '=', false)
    .orderBy('m.name')
    .execute();
  return teams.map((t) => ({
    teamId: t.team_id,
    teamName: t.name,
    members: members.filter((m) => m.team_id === t.team_id).map((m) => ({ userId: m.user_id, name: m.name, email: m.email, role: m.role })),
  }));
}

export interface MemberFilter {
  accessLevel?: string;
  teamId?: string;
  search?: string;
  /** Only members of these teams (what a Head or Manager may see). */
  withinTeams?: string[];
  page: number;
  pageSize: number;
}

/** One page of a company's members with their teams, for the Members tab. */
export async function listMembers(db: Kysely<Database>, companyId: string, filter: MemberFilter) {
  let query = db.selectFrom('company_members as m').where('m.company_id', '=', companyId).where('m.deleted', '=', false);
  if (filter.accessLevel) query = query.where('m.access_level', '=', filter.accessLevel);
  if (filter.teamId) {
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('team_members as f').select(sql`1`.as('one')).whereRef('f.user_id', '=', 'm.user_id').where('f.team_id', '=', filter.teamId!)),
    );
  }
  if (filter.withinTeams) {
    const teams = filter.withinTeams;
    if (teams.length === 0) return { members: [], total: 0 };
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('team_members as w').select(sql`1`.as('one')).whereRef('w.user_id', '=', 'm.user_id').where('w.team_id', 'in', teams)),
    );
  }
  if (filter.search?.trim()) {
    const pattern = `%${escapeLike(filter.search.trim())}%`;
    query = query.where((eb) => eb.or([eb('m.name', 'ilike', pattern), eb('m.email', 'ilike', pattern)]));
  }
  const [{ total }] = await query.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const rows = await query
    .select(['m.user_id', 'm.name', 'm.email', 'm.access_level', 'm.hourly_rate', 'm.joined_at'])
    .orderBy('m.name')
    .orderBy('m.user_id')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  const teams = rows.length
    ? await db
        .selectFrom('team_members as tm')
        .innerJoin('teams as t', 't.team_id', 'tm.team_id')
        .select(['tm.user_id', 'tm.team_id', 't.name', 'tm.role'])
        .where('tm.company_id', '=', companyId)
        .where('tm.user_id', 'in', rows.map((r) => r.user_id))
        .where('t.deleted', '=', false)
        .orderBy('t.name')
        .execute()
    : [];
  return {
    total: Number(total),
    members: rows.map((r) => ({
      userId: r.user_id,
      name: r.name,
      email: r.email,
      accessLevel: r.access_level,
      hourlyRate: r.hourly_rate === null ? null : Number(r.hourly_rate),
      teams: teams.filter((t) => t.user_id === r.user_id).map((t) => ({ teamId: t.team_id, teamName: t.name, role: t.role })),
    })),
  };
}

/** The projects a Client was invited to, in one company. */
export async function clientProjectIds(db: Kysely<Database>, companyId: string, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('client_projects').select('project_id').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  return rows.map((row) => row.project_id);
}

/** Who tasks can be assigned to: the company's members who are in one of its teams, by name. */
export async function assignableMembers(db: Kysely<Database>, companyId: string) {
  const rows = await db
    .selectFrom('company_members as m')
    .select(['m.user_id', 'm.name', 'm.email'])
    .where('m.company_id', '=', companyId)
    .where('m.deleted', '=', false)
    .where((eb) => eb.exists(eb.selectFrom('team_members as tm').select('tm.user_id').whereRef('tm.user_id', '=', 'm.user_id').whereRef('tm.company_id', '=', 'm.company_id')))
    .orderBy('m.name')
    .execute();
  return rows.map((row) => ({ userId: row.user_id, name: row.name, email: row.email }));
}

/** These teams of a company with their names, by name. */
export async function teamsNamed(db: Kysely<Database>, companyId: string, teamIds: string[]) {
  if (teamIds.length === 0) return [];
  return db.selectFrom('teams').select(['team_id', 'name']).where('company_id', '=', companyId).where('team_id', 'in', teamIds).orderBy('name').execute();
}

/** A company's members now, with their address, access level and when they joined. */
export async function activeMembers(db: Kysely<Database>, companyId: string) {
  const rows = await db
    .selectFrom('company_members')
    .select(['user_id', 'name', 'email', 'access_level', 'joined_at'])
    .where('company_id', '=', companyId)
    .where('deleted', '=', false)
    .orderBy('name')
    .execute();
  return rows.map((row) => ({ userId: row.user_id, name: row.name, email: row.email, accessLevel: row.access_level, joinedAt: row.joined_at }));
}

/** Which of these (company, user) pairs are members now. */
export async function currentMemberships(db: Kysely<Database>, pairs: readonly { companyId: string; userId: string }[]) {
  if (pairs.length === 0) return [];
  const rows = await db
    .selectFrom('company_members')
    .select(['company_id', 'user_id'])
    .where('deleted', '=', false)
    .where((eb) => eb(eb.refTuple('company_id', 'user_id'), 'in', pairs.map((pair) => eb.tuple(pair.companyId, pair.userId))))
    .execute();
  return rows.map((row) => ({ companyId: row.company_id, userId: row.user_id }));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** When each person joined the company, as a day in the company's zone: where their account starts. */
export async function joinDays(db: Kysely<Database>, companyId: string, userIds: readonly string[], timeZone: string): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('company_members').select(['user_id', 'joined_at']).where('company_id', '=', companyId).where('user_id', 'in', userIds).execute();
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return new Map(rows.map((row) => [row.user_id, day.format(row.joined_at)]));
}

/** A company's country, by ISO code and name; undefined for a company the read model does not hold. */
export async function companyLocation(db: Kysely<Database>, companyId: string): Promise<{ code: string; country: string } | undefined> {
  const row = await db.selectFrom('companies').select(['location_code', 'location_country']).where('company_id', '=', companyId).executeTakeFirst();
  return row && { code: row.location_code, country: row.location_country };
}
