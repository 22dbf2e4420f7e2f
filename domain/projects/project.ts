import { type Actor, authorize, mayRun } from '../members/authorization.ts';
import type { Role } from '../members/roles.ts';
import type { Decider } from '../shared/decider.ts';
import { invalid, notFound } from '../shared/errors.ts';
import type { ChangedBy, ProjectEvent } from './events.ts';

export const projectMessages = {
  nameRequired: 'Project name is required',
  notFound: 'Project not found',
} as const;

/** Who runs projects and tasks (management §2: Manager and Admin; a Head ranks above a Manager). */
export const canManageProjects = (role: Role) => mayRun(role, 'CreateProject');

/**
 * Two upper-case letters: the first letters of the first two words, or the
 * first two letters of a one-word name (management §9). Letters only; a name
 * without two letters pads with 'X'.
 */
export function taskPrefix(projectName: string): string {
  const words = projectName
    .normalize('NFKD')
    .replace(/[^A-Za-z\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length >= 2 ? words[0][0] + words[1][0] : (words[0] ?? '').slice(0, 2);
  return letters.toUpperCase().padEnd(2, 'X');
}

export type ProjectState = { status: 'none' | 'active' | 'deleted'; projectId: string; companyId: string; name: string; prefix: string };

/** Who runs a project or task command: the member as the server found them, and the name history shows. */
export interface CommandBy {
  actor: Actor;
  actorName: string;
}

export const changedBy = (command: CommandBy): ChangedBy => ({ userId: command.actor.userId, name: command.actorName });

export type ProjectCommand =
  | ({ type: 'CreateProject'; projectId: string; companyId: string; name: string } & CommandBy)
  | ({ type: 'RenameProject'; name: string } & CommandBy)
  | ({ type: 'DeleteProject' } & CommandBy);

export const project: Decider<ProjectCommand, ProjectEvent, ProjectState, unknown> = {
  initialState: { status: 'none', projectId: '', companyId: '', name: '', prefix: '' },

  evolve(state, event) {
    switch (event.type) {
      case 'ProjectCreated':
        return { status: 'active', projectId: event.data.projectId, companyId: event.data.companyId, name: event.data.name, prefix: event.data.prefix };
      case 'ProjectRenamed':
        return { ...state, name: event.data.name };
      case 'ProjectDeleted':
        return { ...state, status: 'deleted' };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateProject') {
      authorize(command.actor, 'CreateProject', { companyId: state.status === 'none' ? command.companyId : state.companyId });
      if (state.status !== 'none') return [];
      const name = requiredName(command.name);
      return [
        {
          type: 'ProjectCreated',
          data: { projectId: command.projectId, companyId: command.companyId, name, prefix: taskPrefix(name), createdBy: changedBy(command) },
        },
      ];
    }
    if (state.status === 'none') throw notFound(projectMessages.notFound);
    authorize(command.actor, command.type, { companyId: state.companyId });
    if (state.status !== 'active') throw notFound(projectMessages.notFound);
    switch (command.type) {
      case 'RenameProject': {
        const name = requiredName(command.name);
        if (name === state.name) return [];
        return [{ type: 'ProjectRenamed', data: { projectId: state.projectId, companyId: state.companyId, name, by: changedBy(command) } }];
      }
      case 'DeleteProject':
        return [{ type: 'ProjectDeleted', data: { projectId: state.projectId, companyId: state.companyId, by: changedBy(command) } }];
    }
  },
};

function requiredName(name: string): string {
  const trimmed = name?.trim() ?? '';
  if (!trimmed) throw invalid(projectMessages.nameRequired);
  return trimmed;
}
