import { describe, it } from 'vitest';
import { given } from '../shared/spec.ts';
import type { MemberEvent } from './events.ts';
import type { Actor, Authority } from './authorization.ts';
import { testActor } from './test-actor.ts';
import { member, memberMessages } from './member.ts';
import { accessDenied } from './roles.ts';

const now = new Date('2026-03-01T10:00:00Z');
const context = { now };
const companyId = '00000000-0000-4000-8000-0000000000c1';
const userId = '00000000-0000-4000-8000-000000000002';
const ref = { companyId, userId };
const apollo = '00000000-0000-4000-8000-0000000000a1';
const gemini = '00000000-0000-4000-8000-0000000000a2';
const mercury = '00000000-0000-4000-8000-0000000000a3';

const actor = (id: string, role: Actor['role'], managedTeams: string[] = []): Actor => testActor(companyId, id, role, managedTeams);
const admin = actor('1', 'Admin');
const head = actor('3', 'Head', [apollo]);
const manager = actor('4', 'Manager', [apollo]);
const teamMember = actor('5', 'Member');
/** Grace's accepted invitation to Apollo, as a Member unless said otherwise. */
const invitation = (role: Actor['role'] = 'Member', teamId: string | null = apollo, projectIds: string[] = []): Extract<Authority, { kind: 'invitation' }> => ({
  kind: 'invitation',
  userId,
  companyId,
  inviteId: '00000000-0000-4000-8000-0000000000f1',
  role,
  teamId,
  projectIds,
});

const joined: MemberEvent = { type: 'MemberJoined', data: { ...ref, name: 'Grace Hopper', email: 'grace@example.com', joinedAt: now.toISOString() } };
const adminGranted: MemberEvent = { type: 'AdminGranted', data: ref };
const granted = (teamId: string, role: 'Head' | 'Manager' | 'Member'): MemberEvent => ({ type: 'TeamRoleGranted', data: { ...ref, teamId, role } });
const revoked = (teamId: string): MemberEvent => ({ type: 'TeamRoleRevoked', data: { ...ref, teamId } });
const edited = (name: string, hourlyRate: number | null): MemberEvent => ({ type: 'MemberDetailsEdited', data: { ...ref, name, hourlyRate, editedAt: now.toISOString() } });
const removed: MemberEvent = { type: 'MemberRemoved', data: { ...ref, removedAt: now.toISOString(), removedBy: admin.userId } };

const join = { type: 'JoinCompany' as const, companyId, userId, name: 'Grace Hopper', email: 'grace@example.com', authority: invitation() };
const edit = (overrides: Partial<{ name: string; teamIds: string[]; hourlyRate: string | number | null; actor: Actor }> = {}) => ({
  type: 'EditMember' as const,
  name: 'Grace Hopper',
  teamIds: [apollo],
  hourlyRate: null,
  actor: admin,
  ...overrides,
});
const remove = (actor: Actor) => ({ type: 'RemoveMember' as const, actor });

/** Grace, a Member of Apollo. */
const inApollo = [joined, granted(apollo, 'Member')];

describe('member: joining', () => {
  it('joins the company', () => {
    given(member, []).when(join, context).then([joined]);
  });

  it('does nothing when already a member', () => {
    given(member, inApollo).when(join, context).then([]);
  });

  it('rejoins after removal, starting without roles', () => {
    const history = [joined, adminGranted, granted(apollo, 'Manager'), removed];
    given(member, history).when(join, context).then([joined]);
    given(member, [...history, joined]).when({ type: 'GrantAdmin', authority: admin }, context).then([adminGranted]);
    given(member, [...history, joined])
      .when({ type: 'GrantTeamRole', teamId: apollo, role: 'Manager', authority: admin }, context)
      .then([granted(apollo, 'Manager')]);
    // No longer an Admin, so the Head of their new team may now remove them.
    given(member, [...history, joined, granted(apollo, 'Member')])
      .when(remove(head), context)
      .then([{ type: 'MemberRemoved', data: { ...ref, removedAt: now.toISOString(), removedBy: head.userId } }]);
  });

  it('refuses commands for someone who never joined', () => {
    given(member, []).when({ type: 'GrantAdmin', authority: admin }, context).thenRefuses(memberMessages.notFound);
    given(member, []).when(edit(), context).thenRefuses(memberMessages.notFound);
  });
});

describe('member: roles', () => {
  it('grants Admin once', () => {
    given(member, inApollo).when({ type: 'GrantAdmin', authority: admin }, context).then([adminGranted]);
    given(member, [...inApollo, adminGranted]).when({ type: 'GrantAdmin', authority: admin }, context).then([]);
  });

  it('grants a team role once, and changes it to another role', () => {
    given(member, [joined]).when({ type: 'GrantTeamRole', teamId: apollo, role: 'Member', authority: admin }, context).then([granted(apollo, 'Member')]);
    given(member, inApollo).when({ type: 'GrantTeamRole', teamId: apollo, role: 'Member', authority: admin }, context).then([]);
    given(member, inApollo).when({ type: 'GrantTeamRole', teamId: apollo, role: 'Manager', authority: admin }, context).then([granted(apollo, 'Manager')]);
  });

  it('lets only an Admin take a team role away, and not from an Admin', () => {
    given(member, inApollo).when({ type: 'RevokeTeamRole', teamId: apollo, actor: admin }, context).then([revoked(apollo)]);
    given(member, inApollo).when({ type: 'RevokeTeamRole', teamId: gemini, actor: admin }, context).then([]);
    given(member, inApollo).when({ type: 'RevokeTeamRole', teamId: apollo, actor: head }, context).thenRefuses(accessDenied);
    given(member, [...inApollo, adminGranted])
      .when({ type: 'RevokeTeamRole', teamId: apollo, actor: admin }, context)
      .thenRefuses(accessDenied);
  });
});

describe('member: editing details', () => {
  it('renames with a trimmed name and a decimal rate', () => {
    given(member, inApollo)
      .when(edit({ name: '  Grace B. Hopper ', hourlyRate: '12.50' }), context)
      .then([edited('Grace B. Hopper', 12.5)]);
  });

  it('takes a numeric rate as is, and an empty rate as none', () => {
    given(member, inApollo).when(edit({ hourlyRate: 40 }), context).then([edited('Grace Hopper', 40)]);
    given(member, [...inApollo, edited('Grace Hopper', 12.5)]).when(edit({ hourlyRate: '' }), context).then([edited('Grace Hopper', null)]);
  });

  it('does nothing when nothing changed', () => {
    given(member, inApollo).when(edit({ hourlyRate: '' }), context).then([]);
    given(member, [...inApollo, edited('Grace Hopper', 12.5)]).when(edit({ hourlyRate: '12.5' }), context).then([]);
  });

  it('requires a name', () => {
    given(member, inApollo).when(edit({ name: '   ' }), context).thenRefuses(memberMessages.nameRequired);
  });

  it('requires at least one team, except for an Admin', () => {
    given(member, inApollo).when(edit({ teamIds: [] }), context).thenRefuses(memberMessages.teamRequired);
    given(member, [...inApollo, adminGranted]).when(edit({ name: 'Grace M. Hopper', teamIds: [] }), context).then([edited('Grace M. Hopper', null)]);
  });

  it.each(['abc', '12a', '-5', '12.345', '1,5'])('refuses the rate %j', (hourlyRate) => {
    given(member, inApollo).when(edit({ hourlyRate }), context).thenRefuses(memberMessages.rateNumeric);
  });
});

describe('member: editing teams', () => {
  it('revokes teams left out and grants new ones as Member', () => {
    given(member, [joined, granted(apollo, 'Member'), granted(gemini, 'Member')])
      .when(edit({ teamIds: [gemini, mercury] }), context)
      .then([revoked(apollo), granted(mercury, 'Member')]);
  });

  it('grants new teams with the member’s level role', () => {
    given(member, [joined, granted(apollo, 'Manager')])
      .when(edit({ teamIds: [apollo, gemini] }), context)
      .then([granted(gemini, 'Manager')]);
    given(member, [joined, granted(apollo, 'Member'), granted(gemini, 'Head')])
      .when(edit({ teamIds: [apollo, mercury] }), context)
      .then([revoked(gemini), granted(mercury, 'Head')]);
  });

  it('changes details and teams together', () => {
    given(member, inApollo)
      .when(edit({ name: 'Grace B. Hopper', teamIds: [gemini], hourlyRate: '30' }), context)
      .then([edited('Grace B. Hopper', 30), revoked(apollo), granted(gemini, 'Member')]);
  });

  it('leaves an Admin’s teams alone', () => {
    given(member, [...inApollo, adminGranted]).when(edit({ teamIds: [gemini] }), context).then([]);
  });
});

describe('member: who may edit or remove', () => {
  const headOfApollo = [joined, granted(apollo, 'Head')];
  const managerOfApollo = [joined, granted(apollo, 'Manager')];

  it('refuses one’s own row', () => {
    const self: Actor = { kind: 'member', userId, companyId, role: 'Admin', managedTeams: new Set() };
    given(member, [...inApollo, adminGranted]).when(edit({ name: 'Grace M. Hopper', actor: self }), context).thenRefuses(accessDenied);
    given(member, [...inApollo, adminGranted]).when(remove(self), context).thenRefuses(accessDenied);
  });

  it('refuses a Head acting on an Admin', () => {
    given(member, [...inApollo, adminGranted]).when(edit({ name: 'Grace M. Hopper', actor: head }), context).thenRefuses(accessDenied);
    given(member, [...inApollo, adminGranted]).when(remove(head), context).thenRefuses(accessDenied);
  });

  it('refuses a Manager acting on a Head or an Admin', () => {
    given(member, headOfApollo).when(edit({ name: 'Grace M. Hopper', actor: manager }), context).thenRefuses(accessDenied);
    given(member, headOfApollo).when(remove(manager), context).thenRefuses(accessDenied);
    given(member, [...inApollo, adminGranted]).when(remove(manager), context).thenRefuses(accessDenied);
  });

  it('refuses a Member acting on anyone', () => {
    given(member, inApollo).when(edit({ name: 'Grace M. Hopper', actor: teamMember }), context).thenRefuses(accessDenied);
    given(member, inApollo).when(remove(teamMember), context).thenRefuses(accessDenied);
  });

  it('checks access before the form', () => {
    given(member, headOfApollo).when(edit({ name: '', actor: manager }), context).thenRefuses(accessDenied);
  });

  it('lets a Head act on a Manager, and a Manager on a Manager', () => {
    given(member, managerOfApollo).when(edit({ name: 'Grace M. Hopper', teamIds: [apollo], actor: head }), context).then([edited('Grace M. Hopper', null)]);
    given(member, managerOfApollo)
      .when(remove(manager), context)
      .then([{ type: 'MemberRemoved', data: { ...ref, removedAt: now.toISOString(), removedBy: manager.userId } }]);
  });
});

describe('member: removal', () => {
  it('removes softly, recording when and by whom', () => {
    given(member, inApollo).when(remove(admin), context).then([removed]);
  });

  it('refuses any change to a removed member', () => {
    given(member, [...inApollo, removed]).when(remove(admin), context).thenRefuses(memberMessages.notFound);
    given(member, [...inApollo, removed]).when(edit(), context).thenRefuses(memberMessages.notFound);
    given(member, [...inApollo, removed]).when({ type: 'GrantTeamRole', teamId: gemini, role: 'Member', authority: admin }, context).thenRefuses(memberMessages.notFound);
  });
});

describe('member: what entitles a grant', () => {
  it('joins only by one’s own invitation or company', () => {
    given(member, []).when({ ...join, authority: admin }, context).thenRefuses(accessDenied);
    given(member, []).when({ ...join, authority: { ...invitation(), userId: head.userId } }, context).thenRefuses(accessDenied);
    given(member, []).when({ ...join, authority: { kind: 'founder', userId, companyId: apollo } }, context).thenRefuses(accessDenied);
    given(member, []).when({ ...join, authority: { kind: 'founder', userId, companyId } }, context).then([joined]);
  });

  it('makes an Admin only by an Admin, the founder or an Admin invitation', () => {
    given(member, inApollo).when({ type: 'GrantAdmin', authority: head }, context).thenRefuses(accessDenied);
    given(member, inApollo).when({ type: 'GrantAdmin', authority: invitation('Member') }, context).thenRefuses(accessDenied);
    given(member, inApollo).when({ type: 'GrantAdmin', authority: { kind: 'team-creator', userId, companyId, teamId: apollo } }, context).thenRefuses(accessDenied);
    given(member, inApollo).when({ type: 'GrantAdmin', authority: invitation('Admin', null) }, context).then([adminGranted]);
    given(member, inApollo).when({ type: 'GrantAdmin', authority: { kind: 'founder', userId, companyId } }, context).then([adminGranted]);
  });

  it('grants a team role by invitation only as invited', () => {
    given(member, [joined]).when({ type: 'GrantTeamRole', teamId: apollo, role: 'Member', authority: invitation() }, context).then([granted(apollo, 'Member')]);
    given(member, [joined]).when({ type: 'GrantTeamRole', teamId: gemini, role: 'Member', authority: invitation() }, context).thenRefuses(accessDenied);
    given(member, [joined]).when({ type: 'GrantTeamRole', teamId: apollo, role: 'Head', authority: invitation() }, context).thenRefuses(accessDenied);
  });

  it('lets a Head or Manager add to their team only people they already manage, and no one above them', () => {
    const inGemini = [joined, granted(gemini, 'Member')];
    given(member, inGemini).when({ type: 'GrantTeamRole', teamId: apollo, role: 'Member', authority: manager }, context).thenRefuses(accessDenied);
    given(member, inApollo).when({ type: 'GrantTeamRole', teamId: gemini, role: 'Member', authority: manager }, context).thenRefuses(accessDenied);
    given(member, [joined, granted(mercury, 'Head'), granted(apollo, 'Head')])
      .when({ type: 'GrantTeamRole', teamId: apollo, role: 'Head', authority: manager }, context)
      .thenRefuses(accessDenied);
    given(member, [...inApollo, granted(gemini, 'Member')]).when({ type: 'GrantTeamRole', teamId: apollo, role: 'Member', authority: manager }, context).then([]);
  });

  it('grants client projects only by an Admin or a Client invitation naming the project', () => {
    given(member, [joined]).when({ type: 'GrantClientProject', projectId: mercury, authority: manager }, context).thenRefuses(accessDenied);
    given(member, [joined]).when({ type: 'GrantClientProject', projectId: mercury, authority: invitation('Client', null, [gemini]) }, context).thenRefuses(accessDenied);
    given(member, [joined])
      .when({ type: 'GrantClientProject', projectId: mercury, authority: invitation('Client', null, [mercury]) }, context)
      .then([{ type: 'ClientProjectGranted', data: { ...ref, projectId: mercury } }]);
  });

  it('refuses an actor of another company', () => {
    const elsewhere: Actor = { ...admin, companyId: apollo };
    given(member, inApollo).when(edit({ name: 'Grace M. Hopper', actor: elsewhere }), context).thenRefuses(accessDenied);
    given(member, inApollo).when(remove(elsewhere), context).thenRefuses(accessDenied);
    given(member, inApollo).when({ type: 'GrantAdmin', authority: elsewhere }, context).thenRefuses(accessDenied);
  });
});

describe('member: a Head or Manager editing teams', () => {
  it('keeps the member’s roles in teams the editor does not manage', () => {
    given(member, [joined, granted(apollo, 'Member'), granted(gemini, 'Member')])
      .when(edit({ teamIds: [apollo], actor: manager }), context)
      .then([]);
    given(member, [joined, granted(apollo, 'Member'), granted(gemini, 'Member')])
      .when(edit({ teamIds: [gemini], actor: manager }), context)
      .then([revoked(apollo)]);
  });

  it('refuses to add a team the editor does not manage', () => {
    given(member, inApollo).when(edit({ teamIds: [apollo, mercury], actor: manager }), context).thenRefuses(accessDenied);
  });

  it('refuses a member outside the editor’s teams', () => {
    given(member, [joined, granted(gemini, 'Member')]).when(edit({ name: 'Grace M. Hopper', teamIds: [gemini], actor: manager }), context).thenRefuses(accessDenied);
    given(member, [joined, granted(gemini, 'Member')]).when(remove(manager), context).thenRefuses(accessDenied);
  });
});
