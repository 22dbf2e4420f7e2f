import type { Decider } from '../shared/decider.ts';
import { forbidden, invalid, notFound } from '../shared/errors.ts';
import { type Actor, type Authority, authorize, type Target } from './authorization.ts';
import type { MemberEvent } from './events.ts';
import { managesTeam } from './read-rights.ts';
import { accessDenied, accessLevel, inEveryTeam, joinsProjects, PROJECT_ROLE, type Role, takenByTeamCreator, type TeamRole, teamRoleFor } from './roles.ts';

export const memberMessages = {
  nameRequired: 'Member name is required',
  teamRequired: 'Select at least one team',
  rateNumeric: 'Please enter only numeric characters.',
  notFound: 'User not found or not authorized',
} as const;

export type MemberState = {
  status: 'none' | 'active' | 'removed';
  companyId: string;
  userId: string;
  name: string;
  isAdmin: boolean;
  teamRoles: Map<string, TeamRole>;
  clientProjects: Set<string>;
  hourlyRate: number | null;
};

/**
 * Joining and being granted a role follow from a founder's company, a Head's
 * new team or an accepted invitation (see Authority); everything else is a
 * member's choice, checked against the authorization table.
 */
export type MemberCommand =
  | { type: 'JoinCompany'; companyId: string; userId: string; name: string; email: string; authority: Authority }
  | { type: 'GrantAdmin'; authority: Authority }
  | { type: 'GrantTeamRole'; teamId: string; role: TeamRole; authority: Authority }
  | { type: 'GrantClientProject'; projectId: string; authority: Authority }
  | { type: 'RevokeTeamRole'; teamId: string; actor: Actor }
  | { type: 'EditMember'; name: string; teamIds: string[]; hourlyRate: string | number | null; actor: Actor }
  | { type: 'RemoveMember'; actor: Actor };

export const memberAccessLevel = (state: MemberState): Role =>
  accessLevel({ isAdmin: state.isAdmin, teamRoles: state.teamRoles.values(), clientProjects: state.clientProjects.size });

/** The rate as typed: digits with an optional decimal part, or empty for none. */
export function parseHourlyRate(input: string | number | null): number | null {
  if (input === null || input === '') return null;
  const text = String(input).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) throw invalid(memberMessages.rateNumeric);
  return Number(text);
}

export const member: Decider<MemberCommand, MemberEvent, MemberState, { now: Date }> = {
  initialState: { status: 'none', companyId: '', userId: '', name: '', isAdmin: false, teamRoles: new Map(), clientProjects: new Set(), hourlyRate: null },

  evolve(state, event) {
    switch (event.type) {
      case 'MemberJoined':
        // A member removed earlier comes back with no roles.
        return { ...state, status: 'active', companyId: event.data.companyId, userId: event.data.userId, name: event.data.name, isAdmin: false, teamRoles: new Map(), clientProjects: new Set(), hourlyRate: null };
      case 'AdminGranted':
        return { ...state, isAdmin: true };
      case 'TeamRoleGranted':
        return { ...state, teamRoles: new Map(state.teamRoles).set(event.data.teamId, event.data.role) };
      case 'TeamRoleRevoked': {
        const teamRoles = new Map(state.teamRoles);
        teamRoles.delete(event.data.teamId);
        return { ...state, teamRoles };
      }
      case 'ClientProjectGranted':
        return { ...state, clientProjects: new Set(state.clientProjects).add(event.data.projectId) };
      case 'MemberDetailsEdited':
        return { ...state, name: event.data.name, hourlyRate: event.data.hourlyRate };
      case 'MemberRemoved':
        return { ...state, status: 'removed' };
    }
  },

  decide(command, state, { now }) {
    if (command.type === 'JoinCompany') {
      const { authority, companyId, userId, name, email } = command;
      const entitled = (authority.kind === 'founder' || authority.kind === 'invitation') && authority.userId === userId && authority.companyId === companyId;
      if (!entitled) throw forbidden(accessDenied);
      if (state.status === 'active') return [];
      return [{ type: 'MemberJoined', data: { companyId, userId, name, email, joinedAt: now.toISOString() } }];
    }
    if (state.status !== 'active') throw notFound(memberMessages.notFound);
    const ref = { companyId: state.companyId, userId: state.userId };
    const target = (extra: Omit<Target, 'companyId' | 'member'> = {}): Target => ({
      companyId: state.companyId,
      member: { userId: state.userId, role: memberAccessLevel(state), teamIds: state.teamRoles.keys() },
      ...extra,
    });

    switch (command.type) {
      case 'GrantAdmin': {
        const { authority } = command;
        if (authority.kind === 'member') authorize(authority, 'GrantAdmin', target());
        else if (!isOwnGrant(authority, state) || (authority.kind === 'invitation' && !inEveryTeam(authority.role)) || authority.kind === 'team-creator') {
          throw forbidden(accessDenied);
        }
        return state.isAdmin ? [] : [{ type: 'AdminGranted', data: ref }];
      }

      case 'GrantTeamRole': {
        const { authority, teamId, role } = command;
        if (authority.kind === 'member') authorize(authority, 'GrantTeamRole', target({ team: teamId, grants: role }));
        else {
          const offered =
            (authority.kind === 'invitation' && authority.teamId === teamId && authority.role === role) ||
            (authority.kind === 'team-creator' && authority.teamId === teamId && takenByTeamCreator(role));
          if (!offered || !isOwnGrant(authority, state)) throw forbidden(accessDenied);
        }
        return state.teamRoles.get(teamId) === role ? [] : [{ type: 'TeamRoleGranted', data: { ...ref, teamId, role } }];
      }

      case 'GrantClientProject': {
        const { authority, projectId } = command;
        if (authority.kind === 'member') authorize(authority, 'GrantClientProject', target({ grants: PROJECT_ROLE }));
        else if (!(authority.kind === 'invitation' && joinsProjects(authority.role) && authority.projectIds.includes(projectId) && isOwnGrant(authority, state))) {
          throw forbidden(accessDenied);
        }
        return state.clientProjects.has(projectId) ? [] : [{ type: 'ClientProjectGranted', data: { ...ref, projectId } }];
      }

      case 'RevokeTeamRole':
        authorize(command.actor, 'RevokeTeamRole', target());
        // Admins are in every team by being Admin: only their own team roles can go.
        if (state.isAdmin) throw forbidden(accessDenied);
        return state.teamRoles.has(command.teamId) ? [{ type: 'TeamRoleRevoked', data: { ...ref, teamId: command.teamId } }] : [];

      case 'EditMember': {
        const { actor } = command;
        authorize(actor, 'EditMember', target());
        const name = command.name.trim();
        if (!name) throw invalid(memberMessages.nameRequired);
        const hourlyRate = parseHourlyRate(command.hourlyRate);
        const events: MemberEvent[] = [];
        if (name !== state.name || hourlyRate !== state.hourlyRate) {
          events.push({ type: 'MemberDetailsEdited', data: { ...ref, name, hourlyRate, editedAt: now.toISOString() } });
        }
        if (state.isAdmin) return events;
        // Heads and Managers change only the teams they manage; the member's other teams stay as they are.
        const manages = (teamId: string) => managesTeam(actor, teamId);
        const wanted = new Set(command.teamIds);
        const dropped = [...state.teamRoles.keys()].filter((teamId) => !wanted.has(teamId) && manages(teamId));
        const added = [...wanted].filter((teamId) => !state.teamRoles.has(teamId));
        if (added.some((teamId) => !manages(teamId))) throw forbidden(accessDenied);
        if (state.teamRoles.size - dropped.length + added.length === 0) throw invalid(memberMessages.teamRequired);
        const level = memberAccessLevel(state);
        const roleForNewTeams = teamRoleFor(level);
        for (const teamId of dropped) events.push({ type: 'TeamRoleRevoked', data: { ...ref, teamId } });
        for (const teamId of added) events.push({ type: 'TeamRoleGranted', data: { ...ref, teamId, role: roleForNewTeams } });
        return events;
      }

      case 'RemoveMember':
        authorize(command.actor, 'RemoveMember', target());
        return [{ type: 'MemberRemoved', data: { ...ref, removedAt: now.toISOString(), removedBy: command.actor.userId } }];
    }
  },
};

/** A founder, team creator or invitee is entitled only to grants for themselves, in their own company. */
function isOwnGrant(authority: Exclude<Authority, Actor>, state: MemberState): boolean {
  return authority.kind !== 'operator' && authority.kind !== 'payment-provider' && authority.userId === state.userId && authority.companyId === state.companyId;
}
