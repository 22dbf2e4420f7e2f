import type { DomainEvent } from '../shared/decider.ts';
import type { TeamRole } from './roles.ts';

interface MemberRef {
  companyId: string;
  userId: string;
}

export type MemberEvent =
  | DomainEvent<'MemberJoined', MemberRef & { name: string; email: string }>
  | DomainEvent<'AdminGranted', MemberRef>
  | DomainEvent<'TeamRoleGranted', MemberRef & { teamId: string; role: TeamRole }>
  | DomainEvent<'TeamRoleRevoked', MemberRef & { teamId: string }>
  | DomainEvent<'ClientProjectGranted', MemberRef & { projectId: string }>
  | DomainEvent<'MemberDetailsEdited', MemberRef & { name: string; hourlyRate: number | null }>
  | DomainEvent<'MemberRemoved', MemberRef & { removedAt: string; removedBy: string }>;

/** One person's membership of one company: roles, teams, rate. */
export const memberStream = (companyId: string, userId: string) => `member-${companyId}-${userId}`;
