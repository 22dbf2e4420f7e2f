import { accessDenied, type Role } from '../members/roles.ts';
import type { Decider } from '../shared/decider.ts';
import { forbidden, invalid, notFound } from '../shared/errors.ts';
import type { ChangedBy, ProjectEvent } from './events.ts';

export const projectMessages = {
  nameRequired: 'Project name is required',
  notFound: 'Project not found',
} as const;

/** Who runs projects and tasks (management §2: Manager and Admin; a Head ranks above a Manager). */
export const canManageProjects = (role: Role) => role === 'Admin' || role === 'Head' || role === 'Manager';

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

export interface ProjectActor extends ChangedBy {
  role: Role;
}

export type ProjectCommand =
  | { type: 'CreateProject'; projectId: string; companyId: string; name: string; actor: ProjectActor }
  | { type: 'RenameProject'; name: string; actor: ProjectActor }
  | { type: 'DeleteProject'; actor: ProjectActor };

const by = (actor: ProjectActor): ChangedBy => ({ userId: actor.userId, name: actor.name });

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
    if (!canManageProjects(command.actor.role)) throw forbidden(accessDenied);
    if (command.type === 'CreateProject') {
      if (state.status !== 'none') return [];
      const name = requiredName(command.name);
      return [
        { type: 'ProjectCreated', data: { projectId: command.projectId, companyId: command.companyId, name, prefix: taskPrefix(name), createdBy: by(command.actor) } },
      ];
    }
    if (state.status !== 'active') throw notFound(projectMessages.notFound);
    const ref = { projectId: state.projectId, companyId: state.companyId };
    switch (command.type) {
      case 'RenameProject': {
        const name = requiredName(command.name);
        return name === state.name ? [] : [{ type: 'ProjectRenamed', data: { ...ref, name, by: by(command.actor) } }];
      }
      case 'DeleteProject':
        return [{ type: 'ProjectDeleted', data: { ...ref, by: by(command.actor) } }];
    }
  },
};

function requiredName(name: string): string {
  const trimmed = name?.trim() ?? '';
  if (!trimmed) throw invalid(projectMessages.nameRequired);
  return trimmed;
}
