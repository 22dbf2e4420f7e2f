import { type Static, Type } from 'typebox';
import type { DomainEvent } from '../shared/decider.ts';
import { Closed, Email, Id, Instant, Name, Nullable } from '../shared/schema.ts';
import { TEAM_ROLES } from './roles.ts';

const memberRef = { companyId: Id, userId: Id };

/** `joinedAt`: when, by the deciding clock (events before it carry none: their recorded time stands). */
export const MemberJoined = Closed({ ...memberRef, name: Name, email: Email, joinedAt: Type.Optional(Instant) });
export const AdminGranted = Closed(memberRef);
export const TeamRoleGranted = Closed({ ...memberRef, teamId: Id, role: Type.Enum(TEAM_ROLES) });
export const TeamRoleRevoked = Closed({ ...memberRef, teamId: Id });
export const ClientProjectGranted = Closed({ ...memberRef, projectId: Id });
/**
 * `editedAt`: when the edit took effect: a rate is in force from then on, for
 * time tracked from then (absent on events written before it was kept: their
 * recorded time is the same).
 */
export const MemberDetailsEdited = Closed({ ...memberRef, name: Name, hourlyRate: Nullable(Type.Number({ minimum: 0 })), editedAt: Type.Optional(Instant) });
export const MemberRemoved = Closed({ ...memberRef, removedAt: Instant, removedBy: Id });

export type MemberEvent =
  | DomainEvent<'MemberJoined', Static<typeof MemberJoined>>
  | DomainEvent<'AdminGranted', Static<typeof AdminGranted>>
  | DomainEvent<'TeamRoleGranted', Static<typeof TeamRoleGranted>>
  | DomainEvent<'TeamRoleRevoked', Static<typeof TeamRoleRevoked>>
  | DomainEvent<'ClientProjectGranted', Static<typeof ClientProjectGranted>>
  | DomainEvent<'MemberDetailsEdited', Static<typeof MemberDetailsEdited>>
  | DomainEvent<'MemberRemoved', Static<typeof MemberRemoved>>;

export const memberEventSchemas = {
  MemberJoined,
  AdminGranted,
  TeamRoleGranted,
  TeamRoleRevoked,
  ClientProjectGranted,
  MemberDetailsEdited,
  MemberRemoved,
};

/** One person's membership of one company: roles, teams, rate. */
export const memberStream = (companyId: string, userId: string) => `member-${companyId}-${userId}`;
