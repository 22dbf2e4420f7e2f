import type { Actor } from '../../domain/members/authorization.ts';
import { memberStream } from '../../domain/members/events.ts';
import { member, memberAccessLevel, type MemberState } from '../../domain/members/member.ts';
import { managesAs } from '../../domain/members/read-rights.ts';
import { accessDenied } from '../../domain/members/roles.ts';
import { forbidden } from '../../domain/shared/errors.ts';
import { teamStream } from '../../domain/teams/events.ts';
import { team } from '../../domain/teams/team.ts';
import { loadStream } from '../../eventstore/command-handler.ts';
import type { EventStore } from '../../eventstore/types.ts';

/*
 * Who may decide a request is read, at the moment of deciding, from the
 * streams that hold it (the members' own streams and the teams'), not from the
 * read models: those show a removal only once their batch is applied, and the
 * reassignment sweep moves a request on only within a minute.
 */

async function membershipNow(store: EventStore, companyId: string, userId: string): Promise<MemberState | null> {
  const { state } = await loadStream(store, memberStream(companyId, userId), member);
  return state.status === 'active' ? state : null;
}

/** The teams a person is in now; none once they left the company. */
export async function teamsNow(store: EventStore, companyId: string, userId: string): Promise<string[]> {
  const membership = await membershipNow(store, companyId, userId);
  return membership ? [...membership.teamRoles.keys()] : [];
}

/**
 * The approver as an Actor of this moment: their role, and which of the
 * request's teams (`decidedIn`) they manage as Head or Manager, of those not
 * deleted. Someone no longer in the company is refused.
 */
export async function approverNow(store: EventStore, companyId: string, userId: string, decidedIn: readonly string[]): Promise<Actor> {
  const membership = await membershipNow(store, companyId, userId);
  if (!membership) throw forbidden(accessDenied);
  const managed = decidedIn.filter((teamId) => managesAs(membership.teamRoles.get(teamId) ?? ''));
  const standing = await Promise.all(managed.map(async (teamId) => (await loadStream(store, teamStream(teamId), team)).state));
  const managedTeams = new Set(standing.filter((state) => state.status === 'active' && state.companyId === companyId).map((state) => state.teamId));
  return { kind: 'member', userId, companyId, role: memberAccessLevel(membership), managedTeams };
}
