import type { DomainEvent } from '../shared/decider.ts';

export type TeamEvent =
  | DomainEvent<'TeamCreated', { teamId: string; companyId: string; name: string; createdBy: string }>
  | DomainEvent<'TeamRenamed', { teamId: string; companyId: string; name: string }>
  | DomainEvent<'TeamDeleted', { teamId: string; companyId: string; deletedBy: string }>;

export const teamStream = (teamId: string) => `team-${teamId}`;
