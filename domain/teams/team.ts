import type { Actor } from '../members/member.ts';
import { accessDenied, canCreateOrDeleteTeams, canManageTeams } from '../members/roles.ts';
import type { Decider } from '../shared/decider.ts';
import { forbidden, invalid, notFound } from '../shared/errors.ts';
import type { TeamEvent } from './events.ts';

export const teamMessages = {
  nameRequired: 'Team name is required',
  notFound: 'Team not found',
} as const;

export type TeamState = { status: 'none' | 'active' | 'deleted'; teamId: string; companyId: string; name: string };

export type TeamCommand =
  | { type: 'CreateTeam'; teamId: string; companyId: string; name: string; actor: Actor }
  | { type: 'RenameTeam'; name: string; actor: Actor }
  | { type: 'DeleteTeam'; actor: Actor };

export const team: Decider<TeamCommand, TeamEvent, TeamState, unknown> = {
  initialState: { status: 'none', teamId: '', companyId: '', name: '' },

  evolve(state, event) {
    switch (event.type) {
      case 'TeamCreated':
        return { status: 'active', teamId: event.data.teamId, companyId: event.data.companyId, name: event.data.name };
      case 'TeamRenamed':
        return { ...state, name: event.data.name };
      case 'TeamDeleted':
        return { ...state, status: 'deleted' };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateTeam') {
      if (state.status !== 'none') return [];
      if (!canCreateOrDeleteTeams(command.actor.role)) throw forbidden(accessDenied);
      const name = requiredName(command.name);
      return [{ type: 'TeamCreated', data: { teamId: command.teamId, companyId: command.companyId, name, createdBy: command.actor.userId } }];
    }
    if (state.status !== 'active') throw notFound(teamMessages.notFound);
    const ref = { teamId: state.teamId, companyId: state.companyId };

    switch (command.type) {
      case 'RenameTeam': {
        if (!canManageTeams(command.actor.role)) throw forbidden(accessDenied);
        const name = requiredName(command.name);
        return name === state.name ? [] : [{ type: 'TeamRenamed', data: { ...ref, name } }];
      }
      case 'DeleteTeam':
        if (!canCreateOrDeleteTeams(command.actor.role)) throw forbidden(accessDenied);
        return [{ type: 'TeamDeleted', data: { ...ref, deletedBy: command.actor.userId } }];
    }
  },
};

function requiredName(name: string): string {
  const trimmed = name?.trim() ?? '';
  if (!trimmed) throw invalid(teamMessages.nameRequired);
  return trimmed;
}
