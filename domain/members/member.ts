import type { Decider } from '../shared/decider.ts';
import { forbidden, invalid, notFound } from '../shared/errors.ts';
import type { MemberEvent } from './events.ts';
import { accessDenied, accessLevel, canManageMember, type Role, type TeamRole } from './roles.ts';

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

export interface Actor {
  userId: string;
  role: Role;
}

export type MemberCommand =
  | { type: 'JoinCompany'; companyId: string; userId: string; name: string; email: string }
  | { type: 'GrantAdmin' }
  | { type: 'GrantTeamRole'; teamId: string; role: TeamRole }
  | { type: 'GrantClientProject'; projectId: string }
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
      if (state.status === 'active') return [];
      const { companyId, userId, name, email } = command;
      return [{ type: 'MemberJoined', data: { companyId, userId, name, email } }];
    }
    if (state.status !== 'active') throw notFound(memberMessages.notFound);
    const ref = { companyId: state.companyId, userId: state.userId };

    switch (command.type) {
      case 'GrantAdmin':
        return state.isAdmin ? [] : [{ type: 'AdminGranted', data: ref }];

      case 'GrantTeamRole':
        return state.teamRoles.get(command.teamId) === command.role
          ? []
          : [{ type: 'TeamRoleGranted', data: { ...ref, teamId: command.teamId, role: command.role } }];

      case 'GrantClientProject':
        return state.clientProjects.has(command.projectId) ? [] : [{ type: 'ClientProjectGranted', data: { ...ref, projectId: command.projectId } }];

      case 'RevokeTeamRole':
        // Admins are in every team by being Admin: only their own team roles can go.
        if (command.actor.role !== 'Admin' || state.isAdmin) throw forbidden(accessDenied);
        return state.teamRoles.has(command.teamId) ? [{ type: 'TeamRoleRevoked', data: { ...ref, teamId: command.teamId } }] : [];

      case 'EditMember': {
        mustManage(command.actor, state);
        const name = command.name?.trim() ?? '';
        if (!name) throw invalid(memberMessages.nameRequired);
        if (!state.isAdmin && command.teamIds.length === 0) throw invalid(memberMessages.teamRequired);
        const hourlyRate = parseHourlyRate(command.hourlyRate);
        const events: MemberEvent[] = [];
        if (name !== state.name || hourlyRate !== state.hourlyRate) {
          events.push({ type: 'MemberDetailsEdited', data: { ...ref, name, hourlyRate } });
        }
        if (!state.isAdmin) {
          const level = memberAccessLevel(state);
          const roleForNewTeams: TeamRole = level === 'Head' || level === 'Manager' ? level : 'Member';
          const wanted = new Set(command.teamIds);
          for (const teamId of state.teamRoles.keys()) {
            if (!wanted.has(teamId)) events.push({ type: 'TeamRoleRevoked', data: { ...ref, teamId } });
          }
          for (const teamId of wanted) {
            if (!state.teamRoles.has(teamId)) events.push({ type: 'TeamRoleGranted', data: { ...ref, teamId, role: roleForNewTeams } });
          }
        }
        return events;
      }

      case 'RemoveMember':
        mustManage(command.actor, state);
        return [{ type: 'MemberRemoved', data: { ...ref, removedAt: now.toISOString(), removedBy: command.actor.userId } }];
    }
  },
};

function mustManage(actor: Actor, state: MemberState) {
  if (!canManageMember(actor.role, memberAccessLevel(state), actor.userId === state.userId)) throw forbidden(accessDenied);
}
