import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { company, type CompanyCommand, companyNames } from '../../domain/companies/company.ts';
import { companyNamesStream, companyStream, type SubscriptionStatus } from '../../domain/companies/events.ts';
import { type InviteEvent, invitationsStream } from '../../domain/invites/events.ts';
import { inviteFormMessages, inviteMessages, invitations, type InviteeAccess, sentMessage } from '../../domain/invites/invitations.ts';
import { memberStream } from '../../domain/members/events.ts';
import { member, type MemberCommand } from '../../domain/members/member.ts';
import { accessDenied, canInvite, type Role, type TeamRole } from '../../domain/members/roles.ts';
import { teamStream } from '../../domain/teams/events.ts';
import { team, type TeamCommand } from '../../domain/teams/team.ts';
import { DomainError, forbidden, invalid, notFound } from '../../domain/shared/errors.ts';
import { handleCommand, toDomainEvent, uuidFrom } from '../../eventstore/command-handler.ts';
import { fold } from '../../domain/shared/decider.ts';
import { comparePositions, type EventMetadata, type EventStore, type LogPosition } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { type CompanyAccess, managedTeamIds } from '../http/access.ts';
import { newLinkToken } from '../identity/tokens.ts';
import type { Mailer } from '../mail/mailer.ts';
import { EMAIL_PATTERN, normalizeEmail } from '../../domain/identity/validation.ts';

export interface OrganisationDeps {
  store: EventStore;
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
}

export interface Person {
  userId: string;
  name: string;
  email: string;
}

const INVITABLE_ROLES: readonly Role[] = ['Admin', 'Head', 'Manager', 'Member', 'Client'];

/** The later of two log positions: a request that writes several streams answers with the last. */
const latest = (a: LogPosition | null, b: LogPosition | null) => (!a ? b : !b ? a : comparePositions(a, b) >= 0 ? a : b);

/** Each step of a multi-stream request gets its own command id, derived from the request's. */
const step = (metadata: EventMetadata, name: string): EventMetadata =>
  metadata.commandId ? { ...metadata, commandId: `${metadata.commandId}:${name}` } : metadata;

const isTimeZone = (zone: string) => {
  try {
    Temporal.Now.zonedDateTimeISO(zone);
    return true;
  } catch {
    return false;
  }
};

export type OrganisationService = ReturnType<typeof createOrganisationService>;

export function createOrganisationService({ store, db, mailer, publicUrl, now = () => new Date() }: OrganisationDeps) {
  const runCompany = (companyId: string, command: CompanyCommand, metadata: EventMetadata) =>
    handleCommand(store, companyStream(companyId), company, command, { now: now(), isTimeZone }, { ...metadata, companyId });
  const runMember = (companyId: string, userId: string, command: MemberCommand, metadata: EventMetadata) =>
    handleCommand(store, memberStream(companyId, userId), member, command, { now: now() }, { ...metadata, companyId });
  const runTeam = (companyId: string, teamId: string, command: TeamCommand, metadata: EventMetadata) =>
    handleCommand(store, teamStream(teamId), team, command, {}, { ...metadata, companyId });

  /** The company's live team, or 'Team not found' (also for another company's team). */
  async function findTeam(companyId: string, teamId: string) {
    const row = await db.selectFrom('teams').selectAll().where('team_id', '=', teamId).where('company_id', '=', companyId).where('deleted', '=', false).executeTakeFirst();
    if (!row) throw notFound('Team not found');
    return row;
  }

  async function findMember(companyId: string, userId: string) {
    const row = await db.selectFrom('company_members').selectAll().where('company_id', '=', companyId).where('user_id', '=', userId).where('deleted', '=', false).executeTakeFirst();
    if (!row) throw notFound('User not found or not authorized');
    return row;
  }

  /** Head and Manager act only on members of the teams they manage. */
  async function mustReachMember(access: CompanyAccess, userId: string) {
    if (access.role === 'Admin') return;
    const managed = [...managedTeamIds(access)];
    const shared = managed.length
      ? await db.selectFrom('team_members').select('team_id').where('user_id', '=', userId).where('team_id', 'in', managed).executeTakeFirst()
      : undefined;
    if (!shared) throw forbidden(accessDenied);
  }

  /** The company's live projects among these ids, with their names (for a Client invite). */
  async function findProjects(companyId: string, projectIds: string[]) {
    const ids = [...new Set(projectIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('projects').select(['project_id', 'name']).where('company_id', '=', companyId).where('deleted', '=', false).where('project_id', 'in', ids).execute();
    if (rows.length !== ids.length) throw notFound('Project not found');
    return rows.map((r) => ({ projectId: r.project_id, name: r.name }));
  }

  const teamRoleFor = (level: string): TeamRole => (level === 'Head' || level === 'Manager' ? level : 'Member');

  async function inviteeAccess(companyId: string, email: string): Promise<InviteeAccess> {
    const holder = await db.selectFrom('company_members').select(['user_id', 'is_admin']).where('company_id', '=', companyId).where('email', '=', email).where('deleted', '=', false).executeTakeFirst();
    if (!holder) return { isAdmin: false, teamRoles: {} };
    const roles = await db.selectFrom('team_members').select(['team_id', 'role']).where('company_id', '=', companyId).where('user_id', '=', holder.user_id).execute();
    return { isAdmin: holder.is_admin, teamRoles: Object.fromEntries(roles.map((r) => [r.team_id, r.role as TeamRole])) };
  }

  async function mailInvite(email: string, token: string, text: { companyName: string; role: Role; teamName: string | null; inviter: string }) {
    const url = `${publicUrl}/invitation?i=${encodeURIComponent(token)}`;
    const where = text.teamName ? `the team ${text.teamName} of ${text.companyName}` : text.companyName;
    await mailer.send({
      to: email,
      subject: `${text.inviter} invited you to ${text.companyName} on Timeledger`,
      text: `${text.inviter} invited you to join ${where} as ${text.role}.\n\nAccept the invitation here:\n${url}\n\nThe link is valid for 7 days.`,
      links: [url],
    });
  }

  return {
    async createCompany(
      creator: Person,
      input: { name: string; location: { country: string; code: string } | null; timeZone: string; workingHours: { start: string; end: string } | null },
      metadata: EventMetadata,
    ) {
      const companyId = metadata.commandId ? uuidFrom(`company:${metadata.commandId}`) : randomUUID();
      const command: CompanyCommand = { type: 'CreateCompany', companyId, createdBy: creator, ...input };
      // Validate before claiming the name, so a refused form leaves nothing behind.
      company.decide(command, company.initialState, { now: now(), isTimeZone });
      const joined = await db
        .selectFrom('company_members as m')
        .innerJoin('companies as c', 'c.company_id', 'm.company_id')
        .select('c.name')
        .where('m.user_id', '=', creator.userId)
        .where('m.deleted', '=', false)
        .execute();
      await handleCommand(
        store,
        companyNamesStream(creator.userId),
        companyNames,
        { type: 'ClaimCompanyName', companyId, name: input.name },
        { otherCompanyNames: joined.map((j) => j.name) },
        step(metadata, 'claim-name'),
      );
      let position = (await runCompany(companyId, command, step(metadata, 'create'))).position;
      position = latest(position, (await runMember(companyId, creator.userId, { type: 'JoinCompany', companyId, ...creator }, step(metadata, 'join'))).position);
      position = latest(position, (await runMember(companyId, creator.userId, { type: 'GrantAdmin' }, step(metadata, 'admin'))).position);
      return { companyId, position };
    },

    async setSubscriptionStatus(companyId: string, status: SubscriptionStatus, trialEndsAt: string | null, metadata: EventMetadata) {
      return (await runCompany(companyId, { type: 'SetSubscriptionStatus', status, trialEndsAt }, metadata)).position;
    },

    async createTeam(access: CompanyAccess, input: { name: string; memberIds: string[] }, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      const teamId = metadata.commandId ? uuidFrom(`team:${metadata.commandId}`) : randomUUID();
      let { position } = await runTeam(companyId, teamId, { type: 'CreateTeam', teamId, companyId, name: input.name, actor: access.actor }, step(metadata, 'create'));
      // A Head who creates a team heads it (Admins are in every team anyway).
      if (access.role === 'Head') {
        position = latest(position, (await runMember(companyId, access.userId, { type: 'GrantTeamRole', teamId, role: 'Head' }, step(metadata, 'head'))).position);
      }
      for (const userId of new Set(input.memberIds)) {
        if (userId === access.userId) continue;
        const target = await findMember(companyId, userId);
        await mustReachMember(access, userId);
        const result = await runMember(companyId, userId, { type: 'GrantTeamRole', teamId, role: teamRoleFor(target.access_level) }, step(metadata, `member:${userId}`));
        position = latest(position, result.position);
      }
      return { teamId, position };
    },

    async renameTeam(access: CompanyAccess, teamId: string, name: string, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      await findTeam(companyId, teamId);
      if (access.role !== 'Admin' && !managedTeamIds(access).has(teamId)) throw forbidden(accessDenied);
      return (await runTeam(companyId, teamId, { type: 'RenameTeam', name, actor: access.actor }, metadata)).position;
    },

    async deleteTeam(access: CompanyAccess, teamId: string, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      await findTeam(companyId, teamId);
      if (access.role !== 'Admin' && !managedTeamIds(access).has(teamId)) throw forbidden(accessDenied);
      return (await runTeam(companyId, teamId, { type: 'DeleteTeam', actor: access.actor }, metadata)).position;
    },

    async addTeamMember(access: CompanyAccess, teamId: string, userId: string, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      await findTeam(companyId, teamId);
      if (access.role !== 'Admin' && !managedTeamIds(access).has(teamId)) throw forbidden(accessDenied);
      const target = await findMember(companyId, userId);
      return (await runMember(companyId, userId, { type: 'GrantTeamRole', teamId, role: teamRoleFor(target.access_level) }, metadata)).position;
    },

    async removeTeamMember(access: CompanyAccess, teamId: string, userId: string, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      await findTeam(companyId, teamId);
      await findMember(companyId, userId);
      return (await runMember(companyId, userId, { type: 'RevokeTeamRole', teamId, actor: access.actor }, metadata)).position;
    },

    async editMember(access: CompanyAccess, userId: string, input: { name: string; teamIds: string[]; hourlyRate: string | number | null }, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      await findMember(companyId, userId);
      await mustReachMember(access, userId);
      for (const teamId of input.teamIds) {
        await findTeam(companyId, teamId);
        if (access.role !== 'Admin' && !managedTeamIds(access).has(teamId)) throw forbidden(accessDenied);
      }
      return (await runMember(companyId, userId, { type: 'EditMember', ...input, actor: access.actor }, metadata)).position;
    },

    async removeMember(access: CompanyAccess, userId: string, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      await findMember(companyId, userId);
      await mustReachMember(access, userId);
      return (await runMember(companyId, userId, { type: 'RemoveMember', actor: access.actor }, metadata)).position;
    },

    /**
     * Sends one invite per e-mail (and per team for team roles). Each gets its
     * own outcome: the spec's message, success when it was sent.
     */
    async sendInvites(
      access: CompanyAccess,
      input: { emails: string[]; role: string; teamIds: string[]; projectIds: string[] },
      metadata: EventMetadata,
    ) {
      if (!canInvite(access.role)) throw forbidden(accessDenied);
      const emails = [...new Set((input.emails ?? []).map(normalizeEmail).filter(Boolean))];
      if (emails.length === 0) throw invalid(inviteFormMessages.emailRequired);
      if (emails.some((email) => !EMAIL_PATTERN.test(email))) throw invalid(inviteFormMessages.emailInvalid);
      if (!INVITABLE_ROLES.includes(input.role as Role)) throw invalid(inviteFormMessages.roleRequired);
      const role = input.role as Role;
      if ((role === 'Admin' || role === 'Head') && access.role !== 'Admin' && !(role === 'Head' && access.role === 'Head')) {
        throw forbidden(accessDenied);
      }
      const companyId = access.company.company_id;
      const projects = role === 'Client' ? await findProjects(companyId, input.projectIds ?? []) : [];
      if (role === 'Client' && projects.length === 0) throw invalid(inviteMessages.projectRequired);
      const teams =
        role === 'Admin' || role === 'Client' ? [null] : await Promise.all([...new Set(input.teamIds ?? [])].map((teamId) => findTeam(companyId, teamId)));
      if (teams.length === 0) throw invalid(inviteFormMessages.teamRequired);
      const managed = managedTeamIds(access);
      if (access.role !== 'Admin' && teams.some((t) => t && !managed.has(t.team_id))) throw forbidden(accessDenied);

      const results: { email: string; teamName: string | null; sent: boolean; message: string }[] = [];
      let position: LogPosition | null = null;
      for (const email of emails) {
        for (const teamRow of teams) {
          const token = newLinkToken();
          const inviteId = randomUUID();
          try {
            const outcome = await handleCommand(
              store,
              invitationsStream(companyId, email),
              invitations,
              {
                type: 'SendInvite',
                inviteId,
                companyId,
                companyName: access.company.name,
                email,
                role,
                teamId: teamRow?.team_id ?? null,
                teamName: teamRow?.name ?? null,
                projects,
                invitedBy: { userId: access.userId, name: access.name, email: access.email },
                tokenHash: token.hash,
                invitee: await inviteeAccess(companyId, email),
              },
              { now: now() },
              { ...metadata, companyId },
            );
            position = latest(position, outcome.position);
            const last = outcome.events[outcome.events.length - 1];
            await mailInvite(email, token.token, { companyName: access.company.name, role, teamName: teamRow?.name ?? null, inviter: access.name });
            results.push({ email, teamName: teamRow?.name ?? null, sent: true, message: sentMessage(last) });
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            results.push({ email, teamName: teamRow?.name ?? null, sent: false, message: error.message });
          }
        }
      }
      return { results, position };
    },

    /** Accepts an invite for the signed-in user; safe to repeat after a failure midway. */
    async acceptInvite(user: Person, inviteId: string, metadata: EventMetadata) {
      const invite = await db.selectFrom('invites').selectAll().where('invite_id', '=', inviteId).executeTakeFirst();
      if (!invite) throw notFound(inviteMessages.notFound);
      const { company_id: companyId } = invite;
      const steps = (name: string) => ({ ...metadata, companyId, commandId: `accept:${inviteId}:${name}` });
      let { position } = await handleCommand(
        store,
        invitationsStream(companyId, invite.email),
        invitations,
        { type: 'AcceptInvite', inviteId, userId: user.userId, email: user.email },
        { now: now() },
        steps('accept'),
      );
      // The role as it stands in the stream (it may have been changed since the read model row).
      const role = (await currentInviteRole(inviteId, companyId, invite.email)) ?? (invite.role as Role);
      position = latest(position, (await runMember(companyId, user.userId, { type: 'JoinCompany', companyId, ...user }, steps('join'))).position);
      if (role === 'Admin') {
        position = latest(position, (await runMember(companyId, user.userId, { type: 'GrantAdmin' }, steps('admin'))).position);
      } else if (role === 'Client') {
        for (const { projectId } of invite.projects) {
          position = latest(position, (await runMember(companyId, user.userId, { type: 'GrantClientProject', projectId }, steps(`project:${projectId}`))).position);
        }
      } else if (invite.team_id) {
        position = latest(position, (await runMember(companyId, user.userId, { type: 'GrantTeamRole', teamId: invite.team_id, role: role as TeamRole }, steps('team'))).position);
      }
      return { companyId, position };
    },

    async declineInvite(user: Person, inviteId: string, metadata: EventMetadata) {
      const invite = await db.selectFrom('invites').selectAll().where('invite_id', '=', inviteId).executeTakeFirst();
      if (!invite) throw notFound(inviteMessages.notFound);
      const outcome = await handleCommand(
        store,
        invitationsStream(invite.company_id, invite.email),
        invitations,
        { type: 'DeclineInvite', inviteId, email: user.email },
        { now: now() },
        { ...metadata, companyId: invite.company_id },
      );
      return outcome.position;
    },
  };

  async function currentInviteRole(inviteId: string, companyId: string, email: string): Promise<Role | null> {
    const state = fold(invitations, (await store.readStream(invitationsStream(companyId, email))).map(toDomainEvent<InviteEvent>));
    return state.invites.get(inviteId)?.role ?? null;
  }
}
