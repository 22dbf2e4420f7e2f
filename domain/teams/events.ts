import type { Static } from 'typebox';
import type { DomainEvent } from '../shared/decider.ts';
import { Closed, Id, Name } from '../shared/schema.ts';

export const TeamCreated = Closed({ teamId: Id, companyId: Id, name: Name, createdBy: Id });
export const TeamRenamed = Closed({ teamId: Id, companyId: Id, name: Name });
export const TeamDeleted = Closed({ teamId: Id, companyId: Id, deletedBy: Id });

export type TeamEvent =
  | DomainEvent<'TeamCreated', Static<typeof TeamCreated>>
  | DomainEvent<'TeamRenamed', Static<typeof TeamRenamed>>
  | DomainEvent<'TeamDeleted', Static<typeof TeamDeleted>>;

export const teamEventSchemas = { TeamCreated, TeamRenamed, TeamDeleted };

export const teamStream = (teamId: string) => `team-${teamId}`;
