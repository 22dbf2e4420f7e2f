import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { company, type CompanyCommand, companyNames, type CompanyNamesState } from '../../domain/companies/company.ts';
import type { CompanyLocation, CompanyNamesEvent } from '../../domain/companies/events.ts';
import { companyNamesStream, companyStream, type SubscriptionStatus } from '../../domain/companies/events.ts';
import type { LimitedPlan } from '../../domain/billing/plans.ts';
import { invitationsStream, type InviteEvent, type SeatsEvent, seatsStream } from '../../domain/invites/events.ts';
import {
  type InvitationsCommand,
  type InvitationsState,
  inviteFormMessages,
  inviteMessages,
  invitations,
  type InviteeAccess,
  mailsLink,
  sentMessage,
} from '../../domain/invites/invitations.ts';
import { seats, type SeatsState } from '../../domain/invites/seats.ts';
import { type Actor, type Authority, authorize } from '../../domain/members/authorization.ts';
import { type MemberEvent, memberStream } from '../../domain/members/events.ts';
import { member, type MemberCommand, type MemberState } from '../../domain/members/member.ts';
import { creatorTeamRole, inEveryTeam, isRole, joinsProjects, joinsTeams, type Role, type TeamRole, teamRoleFor } from '../../domain/members/roles.ts';
import { teamStream } from '../../domain/teams/events.ts';
import { team, type TeamCommand } from '../../domain/teams/team.ts';
import { conflict, DomainError, invalid, notFound } from '../../domain/shared/errors.ts';
import { handleCommand, loadStream, StreamStateCache, uuidFrom } from '../../eventstore/command-handler.ts';
import { comparePositions, type EventMetadata, type EventStore, type LogPosition } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import type { CompanyAccess } from '../access/membership.ts';
import { newMailedLink } from '../identity/tokens.ts';
import type { Allowances } from '../limits/allowances.ts';
import { type OrganisationLimitSettings, organisationLimits } from './limits.ts';
import { EMAIL_PATTERN, normalizeEmail } from '../../domain/identity/validation.ts';

export interface OrganisationDeps extends OrganisationLimitSettings {
  store: EventStore;
  db: Kysely<Database>;
  /** The key mailed links are derived from (api/identity/tokens.ts). */
  linkKey: string;
  /** Where the limits (OrganisationLimitSettings, limits.ts) are kept; without it (the operator's command line, the demo data) nothing is limited. */
  allowances?: Allowances;
  /** The plan whose seat limit applies to the company's invitations, if one does (api/billing/service.ts). */
  seatPlan?: (companyId: string) => Promise<LimitedPlan | null>;
  now?: () => Date;
}

export interface Person {
  userId: string;
  name: string;
  email: string;
}

export interface CompanyInput {
  name: string;
  location: CompanyLocation | null;
  timeZone: string;
  workingHours: { start: string; end: string } | null;
}

type SendInvite = Extract<InvitationsCommand, { type: 'SendInvite' }>;

/** How many of these invites go to each address. */
const countByEmail = (sends: { command: SendInvite }[]) =>
  sends.reduce((count, { command }) => count.set(command.email, (count.get(command.email) ?? 0) + 1), new Map<string, number>());

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

export function createOrganisationService({ store, db, linkKey, allowances, seatPlan, now = () => new Date(), ...limitSettings }: OrganisationDeps) {
  const limits = organisationLimits(allowances, limitSettings);
  const runCompany = (companyId: string, command: CompanyCommand, metadata: EventMetadata) =>
    handleCommand(store, companyStream(companyId), company, command, { now: now(), isTimeZone }, { ...metadata, companyId });
  /** `seen`: member streams this request already read (see checkMember), so they are not read again. */
  const runMember = (companyId: string, userId: string, command: MemberCommand, metadata: EventMetadata, seen?: StreamStateCache<MemberState, MemberEvent>) =>
    handleCommand(store, memberStream(companyId, userId), member, command, { now: now() }, { ...metadata, companyId }, seen);
  const runTeam = (companyId: string, teamId: string, command: TeamCommand, metadata: EventMetadata) =>
    handleCommand(store, teamStream(teamId), team, command, {}, { ...metadata, companyId });

  /**
   * Decides a member command on the stream as it stands, writing nothing: a
   * request that writes several streams checks them all first, so a refusal
   * leaves nothing half done.
   */
  async function checkMember(companyId: string, userId: string, command: MemberCommand, seen: StreamStateCache<MemberState, MemberEvent>) {
    const { state } = await loadStream(store, memberStream(companyId, userId), member, seen);
    member.decide(command, state, { now: now() });
  }

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

  /** The company's live projects among these ids, with their names (for a Client invite). */
  async function findProjects(companyId: string, projectIds: string[]) {
    const ids = [...new Set(projectIds)];
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('projects').select(['project_id', 'name']).where('company_id', '=', companyId).where('deleted', '=', false).where('project_id', 'in', ids).execute();
    if (rows.length !== ids.length) throw notFound('Project not found');
    return rows.map((r) => ({ projectId: r.project_id, name: r.name }));
  }

  async function inviteeAccess(companyId: string, email: string): Promise<InviteeAccess> {
    const holder = await db.selectFrom('company_members').select(['user_id', 'is_admin']).where('company_id', '=', companyId).where('email', '=', email).where('deleted', '=', false).executeTakeFirst();
    if (!holder) return { isAdmin: false, teamRoles: {} };
    const roles = await db.selectFrom('team_members').select(['team_id', 'role']).where('company_id', '=', companyId).where('user_id', '=', holder.user_id).execute();
    return { isAdmin: holder.is_admin, teamRoles: Object.fromEntries(roles.map((r) => [r.team_id, r.role as TeamRole])) };
  }

  /**
   * Reserves a seat of the plan for each address not counted yet, or refuses
   * them all (domain/invites/seats.ts): the seats the read models show taken,
   * and the reservations whose invites they do not show yet.
   */
  async function reserveSeats(access: CompanyAccess, plan: LimitedPlan, invitation: { role: Role; teamIds: (string | null)[]; inviteIds: Map<string, string[]> }, metadata: EventMetadata) {
    const companyId = access.company.company_id;
    const stream = seatsStream(companyId);
    const seen = new StreamStateCache<SeatsState, SeatsEvent>();
    const { state } = await loadStream(store, stream, seats, seen);
    const reservedIds = state.reservations.flatMap((reservation) => reservation.inviteIds);
    const [members, pending, shown] = await Promise.all([
      db.selectFrom('company_members').select('email').where('company_id', '=', companyId).where('deleted', '=', false).execute(),
      db.selectFrom('invites').select('email').where('company_id', '=', companyId).where('status', '=', 'pending').where('expires_at', '>', now()).execute(),
      reservedIds.length === 0 ? [] : db.selectFrom('invites').select('invite_id').where('invite_id', 'in', reservedIds).execute(),
    ]);
    const command = {
      type: 'ReserveSeats' as const,
      companyId,
      seats: [...invitation.inviteIds].map(([email, inviteIds]) => ({ email, inviteIds })),
      role: invitation.role,
      teamIds: invitation.teamIds,
      plan,
      actor: access.actor,
    };
    const context = { now: now(), taken: new Set([...members, ...pending].map((row) => row.email.toLowerCase())), shownInviteIds: new Set(shown.map((row) => row.invite_id)) };
    await handleCommand(store, stream, seats, command, context, { ...step(metadata, 'seats'), companyId }, seen);
  }

  /**
   * Whether an invite would mail a link, decided on its stream as it stands:
   * not a refused invite, a role change within the cool-down, or a request
   * repeated with its Idempotency-Key.
   */
  async function wouldMail(send: SendInvite, metadata: EventMetadata, seen: StreamStateCache<InvitationsState, InviteEvent>) {
    const { state, outcomes } = await loadStream(store, invitationsStream(send.companyId, send.email), invitations, seen);
    if (metadata.commandId && outcomes.has(metadata.commandId)) return false;
    try {
      return invitations.decide(send, state, { now: now() }).some(mailsLink);
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  }

  return {
    async createCompany(founder: Person, input: CompanyInput, metadata: EventMetadata) {
      const companyId = metadata.commandId ? uuidFrom(`company:${metadata.commandId}`) : randomUUID();
      const createdBy = { userId: founder.userId, name: founder.name, email: founder.email };
      const command: CompanyCommand = { type: 'CreateCompany', companyId, name: input.name, location: input.location, timeZone: input.timeZone, workingHours: input.workingHours, createdBy };
      const authority: Authority = { kind: 'founder', userId: founder.userId, companyId };
      // Validate before claiming the name, so a refused form leaves nothing behind.
      company.decide(command, company.initialState, { now: now(), isTimeZone });
      const joined = await db
        .selectFrom('company_members as m')
        .innerJoin('companies as c', 'c.company_id', 'm.company_id')
        .select('c.name')
        .where('m.user_id', '=', founder.userId)
        .where('m.deleted', '=', false)
        .execute();
      const claim = { type: 'ClaimCompanyName' as const, companyId, name: input.name };
      const claimContext = { otherCompanyNames: joined.map((j) => j.name) };
      const names = new StreamStateCache<CompanyNamesState, CompanyNamesEvent>();
      const { state: claimed } = await loadStream(store, companyNamesStream(founder.userId), companyNames, names);
      // A taken name is refused before counting; a repeated request (its name claimed for this very company) is not counted again.
      const isNew = companyNames.decide(claim, claimed, claimContext).length > 0;
      if (isNew) await limits.takeCompany(founder.userId);
      try {
        await handleCommand(store, companyNamesStream(founder.userId), companyNames, claim, claimContext, step(metadata, 'claim-name'), names);
      } catch (error) {
        if (isNew) await limits.giveBackCompany(founder.userId);
        throw error;
      }
      let position = (await runCompany(companyId, command, step(metadata, 'create'))).position;
      const join: MemberCommand = { type: 'JoinCompany', companyId, userId: founder.userId, name: founder.name, email: founder.email, authority };
      position = latest(position, (await runMember(companyId, founder.userId, join, step(metadata, 'join'))).position);
      position = latest(position, (await runMember(companyId, founder.userId, { type: 'GrantAdmin', authority }, step(metadata, 'admin'))).position);
      return { companyId, position };
    },

    /** The operator's command line (until billing sets subscriptions). */
    async setSubscriptionStatus(companyId: string, status: SubscriptionStatus, trialEndsAt: string | null, metadata: EventMetadata) {
      return (await runCompany(companyId, { type: 'SetSubscriptionStatus', status, trialEndsAt, authority: { kind: 'operator' } }, metadata)).position;
    },

    async createTeam(access: CompanyAccess, input: { name: string; memberIds: string[] }, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      const teamId = metadata.commandId ? uuidFrom(`team:${companyId}:${metadata.commandId}`) : randomUUID();
      const create: TeamCommand = { type: 'CreateTeam', teamId, companyId, name: input.name, actor: access.actor };
      team.decide(create, team.initialState, {});
      // Whoever creates a team manages it, so they may add the people they already reach.
      const creator: Actor = { ...access.actor, managedTeams: new Set([...access.actor.managedTeams, teamId]) };
      const grants: { userId: string; command: MemberCommand }[] = [];
      const ownTeamRole = creatorTeamRole(access.role);
      if (ownTeamRole) {
        grants.push({ userId: access.userId, command: { type: 'GrantTeamRole', teamId, role: ownTeamRole, authority: { kind: 'team-creator', userId: access.userId, companyId, teamId } } });
      }
      for (const userId of new Set(input.memberIds)) {
        if (userId === access.userId) continue;
        const target = await findMember(companyId, userId);
        grants.push({ userId, command: { type: 'GrantTeamRole', teamId, role: teamRoleFor(target.access_level), authority: creator } });
      }
      const seen = new StreamStateCache<MemberState, MemberEvent>();
      for (const grant of grants) await checkMember(companyId, grant.userId, grant.command, seen);

      let { position } = await runTeam(companyId, teamId, create, step(metadata, 'create'));
      for (const grant of grants) {
        position = latest(position, (await runMember(companyId, grant.userId, grant.command, step(metadata, `member:${grant.userId}`), seen)).position);
      }
      return { teamId, position };
    },

    async renameTeam(access: CompanyAccess, teamId: string, name: string, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      await findTeam(companyId, teamId);
      return (await runTeam(companyId, teamId, { type: 'RenameTeam', name, actor: access.actor }, metadata)).position;
    },

    async deleteTeam(access: CompanyAccess, teamId: string, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      await findTeam(companyId, teamId);
      return (await runTeam(companyId, teamId, { type: 'DeleteTeam', actor: access.actor }, metadata)).position;
    },

    async addTeamMember(access: CompanyAccess, teamId: string, userId: string, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      await findTeam(companyId, teamId);
      const target = await findMember(companyId, userId);
      const command: MemberCommand = { type: 'GrantTeamRole', teamId, role: teamRoleFor(target.access_level), authority: access.actor };
      return (await runMember(companyId, userId, command, metadata)).position;
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
      for (const teamId of new Set(input.teamIds)) await findTeam(companyId, teamId);
      const command: MemberCommand = { type: 'EditMember', name: input.name, teamIds: [...new Set(input.teamIds)], hourlyRate: input.hourlyRate, actor: access.actor };
      return (await runMember(companyId, userId, command, metadata)).position;
    },

    async removeMember(access: CompanyAccess, userId: string, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      await findMember(companyId, userId);
      return (await runMember(companyId, userId, { type: 'RemoveMember', actor: access.actor }, metadata)).position;
    },

    /**
     * Sends one invite per e-mail (and per team for team roles). Each gets its
     * own outcome: the spec's message, success when it was sent. The whole
     * request is refused, writing nothing, when the sender may not invite to
     * one of the teams or the role, or a limit on the mails it would send is
     * spent (the company's hour, the sender's hour, an address's day: limits.ts).
     */
    async sendInvites(access: CompanyAccess, input: { emails: string[]; role: string; teamIds: string[]; projectIds: string[] }, metadata: EventMetadata) {
      const emails = [...new Set(input.emails.map(normalizeEmail).filter(Boolean))];
      if (emails.length === 0) throw invalid(inviteFormMessages.emailRequired);
      if (emails.some((email) => !EMAIL_PATTERN.test(email))) throw invalid(inviteFormMessages.emailInvalid);
      const { role } = input;
      if (!isRole(role)) throw invalid(inviteFormMessages.roleRequired);
      const companyId = access.company.company_id;
      const teams = !joinsTeams(role) ? [null] : await Promise.all([...new Set(input.teamIds)].map((teamId) => findTeam(companyId, teamId)));
      if (teams.length === 0) throw invalid(inviteFormMessages.teamRequired);
      const teamIds = teams.map((teamRow) => teamRow?.team_id ?? null);
      for (const teamId of teamIds) authorize(access.actor, 'SendInvite', { companyId, team: teamId, grants: role });
      const projects = joinsProjects(role) ? await findProjects(companyId, input.projectIds) : [];
      if (joinsProjects(role) && projects.length === 0) throw invalid(inviteMessages.projectRequired);
      const inviteIds = new Map(emails.map((email) => [email, teamIds.map(() => randomUUID())]));

      const invitedBy = { userId: access.userId, name: access.name, email: access.email };
      const sends: { command: SendInvite; metadata: EventMetadata; mails: boolean }[] = [];
      const seen = new StreamStateCache<InvitationsState, InviteEvent>();
      for (const email of emails) {
        const invitee = await inviteeAccess(companyId, email);
        for (const [index, teamRow] of teams.entries()) {
          const teamId = teamIds[index];
          const command = {
            type: 'SendInvite' as const,
            inviteId: inviteIds.get(email)![index],
            companyId,
            companyName: access.company.name,
            email,
            role,
            teamId,
            teamName: teamRow?.name ?? null,
            projects,
            invitedBy,
            ...newMailedLink(linkKey),
            invitee,
            actor: access.actor,
          };
          const inviteMetadata = { ...step(metadata, `invite:${email}:${teamId ?? 'company'}`), companyId };
          sends.push({ command, metadata: inviteMetadata, mails: await wouldMail(command, inviteMetadata, seen) });
        }
      }
      const mailing = countByEmail(sends.filter((send) => send.mails));
      await limits.takeInvitations(companyId, access.userId, mailing);
      try {
        const plan = await seatPlan?.(companyId);
        if (plan) await reserveSeats(access, plan, { role, teamIds, inviteIds }, metadata);
      } catch (error) {
        await limits.giveBackInvitations(companyId, access.userId, mailing);
        throw error;
      }

      const results: { email: string; teamName: string | null; sent: boolean; message: string }[] = [];
      const mailed = new Set<(typeof sends)[number]>();
      let position: LogPosition | null = null;
      try {
        for (const send of sends) {
          const { email, teamName } = send.command;
          try {
            const outcome = await handleCommand(store, invitationsStream(companyId, email), invitations, send.command, { now: now() }, send.metadata, seen);
            position = latest(position, outcome.position);
            // The mail reactor mails the invite (api/mail/outbox.ts); a repeated request answers with the invite it wrote before.
            const last = outcome.events[outcome.events.length - 1];
            results.push({ email, teamName, sent: true, message: last ? sentMessage(last) : 'Invitation sent successfully' });
            if (outcome.events.some(mailsLink)) mailed.add(send);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            results.push({ email, teamName, sent: false, message: error.message });
          }
        }
      } finally {
        // Counted but not mailed after all (decided otherwise than a moment before, or not reached): given back.
        await limits.giveBackInvitations(companyId, access.userId, countByEmail(sends.filter((send) => send.mails && !mailed.has(send))));
      }
      return { results, position };
    },

    /**
     * Accepts an invite for the signed-in user: the decider runs for every
     * caller (only the invited address may accept, and nobody after someone
     * else did), and what it grants comes from the accepted invite itself.
     * Safe to repeat after a failure midway.
     */
    async acceptInvite(user: Person, inviteId: string, metadata: EventMetadata) {
      const invite = await db.selectFrom('invites').selectAll().where('invite_id', '=', inviteId).executeTakeFirst();
      if (!invite) throw notFound(inviteMessages.notFound);
      const { company_id: companyId } = invite;
      const stream = invitationsStream(companyId, invite.email);
      const steps = (name: string): EventMetadata => ({ ...metadata, companyId, commandId: `accept:${user.userId}:${inviteId}:${name}` });
      let { position } = await handleCommand(store, stream, invitations, { type: 'AcceptInvite', inviteId, userId: user.userId, email: user.email }, { now: now() }, steps('accept'));

      const accepted = (await loadStream(store, stream, invitations)).state.invites.get(inviteId);
      if (accepted?.status !== 'accepted' || accepted.acceptedBy !== user.userId) throw conflict(inviteMessages.closed);
      const authority: Authority = { kind: 'invitation', userId: user.userId, companyId, inviteId, role: accepted.role, teamId: accepted.teamId, projectIds: accepted.projectIds };
      const join: MemberCommand = { type: 'JoinCompany', companyId, userId: user.userId, name: user.name, email: user.email, authority };
      position = latest(position, (await runMember(companyId, user.userId, join, steps('join'))).position);
      if (inEveryTeam(accepted.role)) {
        position = latest(position, (await runMember(companyId, user.userId, { type: 'GrantAdmin', authority }, steps('admin'))).position);
      } else if (joinsProjects(accepted.role)) {
        for (const projectId of accepted.projectIds) {
          position = latest(position, (await runMember(companyId, user.userId, { type: 'GrantClientProject', projectId, authority }, steps(`project:${projectId}`))).position);
        }
      } else if (accepted.teamId) {
        const grant: MemberCommand = { type: 'GrantTeamRole', teamId: accepted.teamId, role: accepted.role as TeamRole, authority };
        position = latest(position, (await runMember(companyId, user.userId, grant, steps('team'))).position);
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
}
