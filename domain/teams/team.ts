import { type Actor, authorize } from '../members/authorization.ts';
import type { Decider } from '../shared/decider.ts';
import { invalid, notFound } from '../shared/errors.ts';
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
      authorize(command.actor, 'CreateTeam', { companyId: command.companyId });
      if (state.status !== 'none') return [];
      const name = requiredName(command.name);
      return [{ type: 'TeamCreated', data: { teamId: command.teamId, companyId: command.companyId, name, createdBy: command.actor.userId } }];
    }
    if (state.status !== 'active') throw notFound(teamMessages.notFound);
    const ref = { teamId: state.teamId, companyId: state.companyId };
    const target = { companyId: state.companyId, team: state.teamId };

    switch (command.type) {
      case 'RenameTeam': {
        authorize(command.actor, 'RenameTeam', target);
        const name = requiredName(command.name);
        return name === state.name ? [] : [{ type: 'TeamRenamed', data: { ...ref, name } }];
      }
      case 'DeleteTeam':
        authorize(command.actor, 'DeleteTeam', target);
        return [{ type: 'TeamDeleted', data: { ...ref, deletedBy: command.actor.userId } }];
    }
  },
};

function requiredName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid(teamMessages.nameRequired);
  return trimmed;
}
