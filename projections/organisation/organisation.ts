import { sql, type Transaction } from 'kysely';
import type { CompanyEvent } from '../../domain/companies/events.ts';
import type { MemberEvent } from '../../domain/members/events.ts';
import { accessLevel, COMPANY_ROLE, LEVEL_WITHOUT_ROLES, type TeamRole } from '../../domain/members/roles.ts';
import type { TeamEvent } from '../../domain/teams/events.ts';
import { decidedAt } from '../../eventstore/decided-at.ts';
import type { Database } from '../database.ts';
import type { Projection, Scope } from '../projection.ts';
import { companyChanges, ownRoleChanged } from '../../domain/shared/scope.ts';

type OrganisationEvent = CompanyEvent | MemberEvent | TeamEvent;

/**
 * Companies, their teams and members, and who is in which team. Admins are
 * listed in every team of their company with the role 'Admin'.
 */
export const organisationProjection: Projection = {
  name: 'organisation',
  tables: ['companies', 'company_members', 'teams', 'team_members', 'client_projects'],
  handles: [
    'CompanyCreated',
    'SubscriptionStatusSet',
    'MemberJoined',
    'AdminGranted',
    'TeamRoleGranted',
    'TeamRoleRevoked',
    'ClientProjectGranted',
    'MemberDetailsEdited',
    'MemberRemoved',
    'TeamCreated',
    'TeamRenamed',
    'TeamDeleted',
  ],

  async apply(trx, events) {
    const scopes: Scope[] = [];
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as OrganisationEvent;
      scopes.push(...(await applyOne(trx, event, new Date(decidedAt(recorded)))));
    }
    return scopes;
  },
};

/** A team, or someone's place in one, shows in the members tab, the teams and the assignees. */
const whoIsInWhichTeam = (companyId: string) => companyChanges(companyId, 'members', 'teams', 'assignees');

async function applyOne(trx: Transaction<Database>, event: OrganisationEvent, at: Date): Promise<Scope[]> {
  switch (event.type) {
    case 'CompanyCreated': {
      const { companyId, name, location, timeZone, workingHours, createdBy, trialEndsAt } = event.data;
      await trx
        .insertInto('companies')
        .values({
          company_id: companyId,
          name,
          location_country: location.country,
          location_code: location.code,
          time_zone: timeZone,
          work_start: workingHours.start,
          work_end: workingHours.end,
          created_by: createdBy.userId,
          created_at: at,
          subscription_status: 'trial',
          trial_ends_at: new Date(trialEndsAt),
          subscription_active_until: null,
        })
        .execute();
      return [...companyChanges(companyId, 'details'), ...ownRoleChanged(createdBy.userId)];
    }
    case 'SubscriptionStatusSet': {
      const { companyId, status, trialEndsAt, activeUntil } = event.data;
      await trx
        .updateTable('companies')
        .set({ subscription_status: status, trial_ends_at: trialEndsAt ? new Date(trialEndsAt) : null, subscription_active_until: activeUntil ? new Date(activeUntil) : null })
        .where('company_id', '=', companyId)
        .execute();
      const members = await trx.selectFrom('company_members').select('user_id').where('company_id', '=', companyId).where('deleted', '=', false).execute();
      return [...companyChanges(companyId, 'details'), ...members.flatMap((m) => ownRoleChanged(m.user_id))];
    }
    case 'MemberJoined': {
      const { companyId, userId, name, email } = event.data;
      const joinedAt = event.data.joinedAt ? new Date(event.data.joinedAt) : at;
      await trx
        .insertInto('company_members')
        .values({ company_id: companyId, user_id: userId, name, email, is_admin: false, access_level: LEVEL_WITHOUT_ROLES, deleted: false, joined_at: joinedAt })
        .onConflict((oc) =>
          oc.columns(['company_id', 'user_id']).doUpdateSet({ name, email, is_admin: false, access_level: LEVEL_WITHOUT_ROLES, hourly_rate: null, deleted: false, deleted_at: null, joined_at: joinedAt }),
        )
        .execute();
      await trx.deleteFrom('team_members').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
      await trx.deleteFrom('client_projects').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
      return [...companyChanges(companyId, 'members'), ...ownRoleChanged(userId, companyId)];
    }
    case 'AdminGranted': {
      const { companyId, userId } = event.data;
      await trx.updateTable('company_members').set({ is_admin: true, access_level: COMPANY_ROLE }).where('company_id', '=', companyId).where('user_id', '=', userId).execute();
      await sql`
        INSERT INTO team_members (team_id, user_id, company_id, role)
        SELECT team_id, ${userId}, company_id, ${COMPANY_ROLE} FROM teams WHERE company_id = ${companyId} AND NOT deleted
        ON CONFLICT (team_id, user_id) DO UPDATE SET role = ${COMPANY_ROLE}`.execute(trx);
      return [...whoIsInWhichTeam(companyId), ...ownRoleChanged(userId, companyId)];
    }
    case 'TeamRoleGranted': {
      const { companyId, userId, teamId, role } = event.data;
      const member = await memberRow(trx, companyId, userId);
      if (!member?.is_admin) {
        await trx
          .insertInto('team_members')
          .values({ team_id: teamId, user_id: userId, company_id: companyId, role })
          .onConflict((oc) => oc.columns(['team_id', 'user_id']).doUpdateSet({ role }))
          .execute();
        await refreshAccessLevel(trx, companyId, userId);
      }
      return [...whoIsInWhichTeam(companyId), ...ownRoleChanged(userId, companyId)];
    }
    case 'TeamRoleRevoked': {
      const { companyId, userId, teamId } = event.data;
      const member = await memberRow(trx, companyId, userId);
      if (!member?.is_admin) {
        await trx.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).execute();
        await refreshAccessLevel(trx, companyId, userId);
      }
      return [...whoIsInWhichTeam(companyId), ...ownRoleChanged(userId, companyId)];
    }
    case 'ClientProjectGranted': {
      const { companyId, userId, projectId } = event.data;
      await trx.insertInto('client_projects').values({ company_id: companyId, user_id: userId, project_id: projectId }).onConflict((oc) => oc.doNothing()).execute();
      await refreshAccessLevel(trx, companyId, userId);
      // The projects page lists a Client's own projects only.
      return [...companyChanges(companyId, 'members', 'projects'), ...ownRoleChanged(userId, companyId)];
    }
    case 'MemberDetailsEdited': {
      const { companyId, userId, name, hourlyRate } = event.data;
      await trx.updateTable('company_members').set({ name, hourly_rate: hourlyRate }).where('company_id', '=', companyId).where('user_id', '=', userId).execute();
      // The name in the company is also the assignee's, on the projects page, the tasks table and the task pages.
      return companyChanges(companyId, 'members', 'teams', 'assignees', 'projects', 'tasks', 'task');
    }
    case 'MemberRemoved': {
      const { companyId, userId, removedAt } = event.data;
      await trx
        .updateTable('company_members')
        .set({ deleted: true, deleted_at: new Date(removedAt) })
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .execute();
      await trx.deleteFrom('team_members').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
      await trx.deleteFrom('client_projects').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
      return [...whoIsInWhichTeam(companyId), ...ownRoleChanged(userId, companyId)];
    }
    case 'TeamCreated': {
      const { teamId, companyId, name } = event.data;
      await trx.insertInto('teams').values({ team_id: teamId, company_id: companyId, name, deleted: false, created_at: at }).execute();
      await sql`
        INSERT INTO team_members (team_id, user_id, company_id, role)
        SELECT ${teamId}, user_id, company_id, ${COMPANY_ROLE} FROM company_members
        WHERE company_id = ${companyId} AND is_admin AND NOT deleted`.execute(trx);
      // Admins join it: their teams in the details change.
      return [...whoIsInWhichTeam(companyId), ...companyChanges(companyId, 'details')];
    }
    case 'TeamRenamed': {
      const { teamId, companyId, name } = event.data;
      await trx.updateTable('teams').set({ name }).where('team_id', '=', teamId).execute();
      return companyChanges(companyId, 'members', 'teams', 'details');
    }
    case 'TeamDeleted': {
      const { teamId, companyId } = event.data;
      await trx.updateTable('teams').set({ deleted: true, deleted_at: at }).where('team_id', '=', teamId).execute();
      const members = await trx.deleteFrom('team_members').where('team_id', '=', teamId).returning('user_id').execute();
      for (const member of members) await refreshAccessLevel(trx, companyId, member.user_id);
      return [...whoIsInWhichTeam(companyId), ...companyChanges(companyId, 'details'), ...members.flatMap((member) => ownRoleChanged(member.user_id))];
    }
  }
}

function memberRow(trx: Transaction<Database>, companyId: string, userId: string) {
  return trx.selectFrom('company_members').select(['is_admin']).where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst();
}

async function refreshAccessLevel(trx: Transaction<Database>, companyId: string, userId: string) {
  const member = await memberRow(trx, companyId, userId);
  if (!member) return;
  const roles = await trx.selectFrom('team_members').select('role').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  const clientProjects = await trx.selectFrom('client_projects').select('project_id').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  const level = accessLevel({ isAdmin: member.is_admin, teamRoles: roles.map((r) => r.role as TeamRole), clientProjects: clientProjects.length });
  await trx.updateTable('company_members').set({ access_level: level }).where('company_id', '=', companyId).where('user_id', '=', userId).execute();
}
