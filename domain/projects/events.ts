import type { DomainEvent } from '../shared/decider.ts';

export interface ChangedBy {
  userId: string;
  name: string;
}

export type ProjectEvent =
  | DomainEvent<'ProjectCreated', { projectId: string; companyId: string; name: string; prefix: string; createdBy: ChangedBy }>
  | DomainEvent<'ProjectRenamed', { projectId: string; companyId: string; name: string; by: ChangedBy }>
  | DomainEvent<'ProjectDeleted', { projectId: string; companyId: string; by: ChangedBy }>;

export const projectStream = (projectId: string) => `project-${projectId}`;
