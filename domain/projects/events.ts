import { type Static, Type } from 'typebox';
import type { DomainEvent } from '../shared/decider.ts';
import { Closed, Id, Name } from '../shared/schema.ts';

export const ChangedBy = Closed({ userId: Id, name: Name });
export type ChangedBy = Static<typeof ChangedBy>;

/** Two capital letters that start each of a project's task ids. */
export const TaskPrefix = Type.String({ pattern: '^[A-Z]{2}$', maxLength: 2 });

export const ProjectCreated = Closed({ projectId: Id, companyId: Id, name: Name, prefix: TaskPrefix, createdBy: ChangedBy });
export const ProjectRenamed = Closed({ projectId: Id, companyId: Id, name: Name, by: ChangedBy });
export const ProjectDeleted = Closed({ projectId: Id, companyId: Id, by: ChangedBy });

export type ProjectEvent =
  | DomainEvent<'ProjectCreated', Static<typeof ProjectCreated>>
  | DomainEvent<'ProjectRenamed', Static<typeof ProjectRenamed>>
  | DomainEvent<'ProjectDeleted', Static<typeof ProjectDeleted>>;

export const projectEventSchemas = { ProjectCreated, ProjectRenamed, ProjectDeleted };

export const projectStream = (projectId: string) => `project-${projectId}`;
