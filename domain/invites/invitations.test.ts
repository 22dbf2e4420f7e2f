import { describe, expect, it } from 'vitest';
import type { Actor } from '../members/authorization.ts';
import { accessDenied, type Role } from '../members/roles.ts';
import { given } from '../shared/spec.ts';
import type { InviteEvent } from './events.ts';
import { type InvitationsCommand, type InviteeAccess, invitations, inviteMessages, mailsLink, sentMessage } from './invitations.ts';

const DAY_MS = 86_400_000;
const now = new Date('2026-03-01T10:00:00Z');
const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY_MS);
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const stateAfter = (history: InviteEvent[]) => history.reduce(invitations.evolve, invitations.initialState);
const context = { now };

const companyId = '00000000-0000-4000-8000-0000000000c1';
const email = 'grace@example.com';
const graceId = '00000000-0000-4000-8000-000000000002';
const apollo = { teamId: '00000000-0000-4000-8000-0000000000a1', teamName: 'Apollo' };
const gemini = { teamId: '00000000-0000-4000-8000-0000000000a2', teamName: 'Gemini' };
const noTeam = { teamId: null, teamName: null };
const invitedBy = { userId: '00000000-0000-4000-8000-000000000001', name: 'Ada Lovelace', email: 'ada@example.com' };
const nobody: InviteeAccess = { isAdmin: false, teamRoles: {} };
const sender = (role: Role, managedTeams: string[] = []): Actor => ({ kind: 'member', userId: invitedBy.userId, companyId, role, managedTeams: new Set(managedTeams) });
const admin = sender('Admin');

type SendInvite = Extract<InvitationsCommand, { type: 'SendInvite' }>;

/** An invite as the sender fills it in. */
const send = (inviteId: string, role: Role, team: { teamId: string | null; teamName: string | null }, overrides: Partial<SendInvite> = {}): SendInvite => ({
  type: 'SendInvite',
  inviteId,
  companyId,
  companyName: 'Analytical Engines',
  email,
  role,
  ...team,
  projects: [],
  invitedBy,
  tokenHash: `token-${inviteId}`,
  linkId: `link-${inviteId}`,
  invitee: nobody,
  actor: admin,
  ...overrides,
});

/** The InviteSent a command produces when sent at `at`. */
const sent = (command: SendInvite, replacing: 'role invitations' | 'Admin invitation' | null = null, at = now): InviteEvent => {
  const { type: _type, invitee: _invitee, actor: _actor, ...details } = command;
  return {
    type: 'InviteSent',
    data: { ...details, sentAt: at.toISOString(), expiresAt: new Date(at.getTime() + 7 * DAY_MS).toISOString(), replacing },
  };
};
const expired = (inviteId: string): InviteEvent => ({ type: 'InviteExpired', data: { inviteId, companyId, email, reason: 'replaced' } });
const accepted = (inviteId: string, userId = graceId, at = now): InviteEvent => ({
  type: 'InviteAccepted',
  data: { inviteId, companyId, email, userId, acceptedAt: at.toISOString() },
});
const declined = (inviteId: string, at = now): InviteEvent => ({ type: 'InviteDeclined', data: { inviteId, companyId, email, declinedAt: at.toISOString() } });

const adminInvite = send('invite-admin', 'Admin', noTeam);
const managerOfApollo = send('invite-1', 'Manager', apollo);
const memberOfGemini = send('invite-2', 'Member', gemini);
const clientInvite = send('invite-client', 'Client', noTeam, { projects: [{ projectId: 'project-1', name: 'Difference Engine' }] });

/** Sent eight days ago: its seven days are over. */
const eightDaysAgo = daysFromNow(-8);

const accept = (inviteId: string, overrides: Partial<{ userId: string; email: string }> = {}) => ({
  type: 'AcceptInvite' as const,
  inviteId,
  userId: graceId,
  email,
  ...overrides,
});
const decline = (inviteId: string, answeringEmail = email) => ({ type: 'DeclineInvite' as const, inviteId, email: answeringEmail });

describe('invitations: missing information', () => {
  it('needs an e-mail, a role and a company', () => {
    given(invitations, []).when(send('i', 'Manager', apollo, { email: '' }), context).thenRefuses(inviteMessages.missingInformation);
    given(invitations, []).when(send('i', '' as Role, apollo), context).thenRefuses(inviteMessages.missingInformation);
    given(invitations, []).when(send('i', 'Admin', noTeam, { companyId: '' }), context).thenRefuses(inviteMessages.missingInformation);
  });

  it.each(['Head', 'Manager', 'Member'] as const)('needs a team for a %s invite', (role) => {
    given(invitations, []).when(send('i', role, noTeam), context).thenRefuses(inviteMessages.missingTeam);
  });

  it('needs at least one project for a Client invite', () => {
    given(invitations, []).when(send('i', 'Client', noTeam), context).thenRefuses(inviteMessages.projectRequired);
  });
});

describe('invitations: Admin invites', () => {
  it('sends an Admin invite valid for seven days', () => {
    const events = given(invitations, []).when(adminInvite, context).events();
    expect(events).toEqual([sent(adminInvite)]);
    expect(events[0]).toMatchObject({ data: { expiresAt: '2026-03-08T10:00:00.000Z', tokenHash: 'token-invite-admin' } });
    expect(sentMessage(events[0]!)).toBe('Admin invitation sent successfully');
  });

  it('refuses someone who is already Admin', () => {
    given(invitations, []).when(send('i', 'Admin', noTeam, { invitee: { isAdmin: true, teamRoles: {} } }), context).thenRefuses(inviteMessages.alreadyAdmin);
  });

  it('refuses a second Admin invite while one is pending', () => {
    given(invitations, [sent(adminInvite)]).when(send('invite-admin-2', 'Admin', noTeam), context).thenRefuses(inviteMessages.adminAlreadyInvited);
  });

  it('expires pending role invites it replaces', () => {
    const history = [sent(managerOfApollo), sent(memberOfGemini), sent(clientInvite)];
    const events = given(invitations, history).when(adminInvite, context).events();
    expect(events).toEqual([expired('invite-1'), expired('invite-2'), expired('invite-client'), sent(adminInvite, 'role invitations')]);
    expect(sentMessage(events.at(-1)!)).toBe('Admin invitation sent successfully, replacing previous role invitations');
  });

  it('replaces only invites still open', () => {
    const history = [sent(managerOfApollo), accepted('invite-1'), sent(memberOfGemini, null, eightDaysAgo)];
    given(invitations, history).when(adminInvite, context).then([sent(adminInvite)]);
  });

  it('allows a new Admin invite once the last one was declined or has expired', () => {
    given(invitations, [sent(adminInvite), declined('invite-admin')]).when(send('invite-admin-2', 'Admin', noTeam), context).then([sent(send('invite-admin-2', 'Admin', noTeam))]);
    given(invitations, [sent(adminInvite, null, eightDaysAgo)]).when(send('invite-admin-2', 'Admin', noTeam), context).then([sent(send('invite-admin-2', 'Admin', noTeam))]);
    given(invitations, [sent(adminInvite), expired('invite-admin')]).when(send('invite-admin-2', 'Admin', noTeam), context).then([sent(send('invite-admin-2', 'Admin', noTeam))]);
  });
});

describe('invitations: role invites', () => {
  it('sends a team role invite', () => {
    const events = given(invitations, []).when(managerOfApollo, context).events();
    expect(events).toEqual([sent(managerOfApollo)]);
    expect(sentMessage(events[0]!)).toBe('Manager invitation sent successfully');
  });

  it('refuses the same role in the same team while pending', () => {
    given(invitations, [sent(managerOfApollo)]).when(send('invite-3', 'Manager', apollo), context).thenRefuses(inviteMessages.pendingExists('Manager'));
    expect(inviteMessages.pendingExists('Manager')).toBe('Pending invite already exists for role Manager');
  });

  it('updates a pending invite for the same team to the new role, mailing a new link', () => {
    const change = send('invite-3', 'Member', apollo);
    const history = [sent(managerOfApollo, null, hoursFromNow(-2))];
    const events = given(invitations, history).when(change, context).events();
    expect(events).toEqual([
      {
        type: 'InviteRoleChanged',
        data: {
          inviteId: 'invite-1',
          companyId,
          email,
          role: 'Member',
          tokenHash: 'token-invite-3',
          expiresAt: '2026-03-08T10:00:00.000Z',
          linkId: 'link-invite-3',
          companyName: 'Analytical Engines',
          teamName: apollo.teamName,
          invitedBy,
        },
      },
    ]);
    expect(events.every(mailsLink)).toBe(true);
    expect(sentMessage(events[0]!)).toBe('Invitation updated to Member role');
    // The pending invite is now for Member.
    given(invitations, [...history, ...events]).when(send('invite-4', 'Member', apollo), context).thenRefuses(inviteMessages.pendingExists('Member'));
  });

  it('renews the expiry when the role changes', () => {
    const history = [sent(managerOfApollo, null, daysFromNow(-6))];
    const [changed] = given(invitations, history).when(send('invite-3', 'Member', apollo), context).events();
    given(invitations, [...history, changed!]).when(accept('invite-1'), { now: daysFromNow(3) }).then([accepted('invite-1', graceId, daysFromNow(3))]);
  });

  it('mails nothing for a role change within an hour of the invite’s last mail: the link mailed then accepts with the new role', () => {
    const history = [sent(managerOfApollo, null, hoursFromNow(-0.5))];
    const events = given(invitations, history).when(send('invite-3', 'Member', apollo), context).events();
    expect(events).toEqual([
      {
        type: 'InviteRoleChanged',
        data: {
          inviteId: 'invite-1',
          companyId,
          email,
          role: 'Member',
          // The link mailed half an hour ago, and its expiry.
          tokenHash: 'token-invite-1',
          expiresAt: new Date(hoursFromNow(-0.5).getTime() + 7 * DAY_MS).toISOString(),
          companyName: 'Analytical Engines',
          teamName: apollo.teamName,
          invitedBy,
        },
      },
    ]);
    expect(events.some(mailsLink)).toBe(false);
    expect(sentMessage(events[0]!)).toBe('Invitation updated to Member role');
    const state = stateAfter([...history, ...events]);
    expect(state.invites.get('invite-1')).toMatchObject({ role: 'Member', tokenHash: 'token-invite-1', mailedAt: hoursFromNow(-0.5).toISOString() });
  });

  it('mails again once the hour since the last mail is over, and counts the hour from that mail', () => {
    const flips: InviteEvent[] = [sent(managerOfApollo, null, hoursFromNow(-3))];
    const flip = (role: Role, at: Date) => {
      const events = given(invitations, flips).when(send(`flip-${flips.length}`, role, apollo), { now: at }).events();
      flips.push(...events);
      return events.some(mailsLink);
    };
    // Twelve flips between Member and Manager: one mail within each hour.
    const mailed = Array.from({ length: 12 }, (_, i) => flip(i % 2 === 0 ? 'Member' : 'Manager', hoursFromNow(-2 + i * 0.25)));
    expect(mailed).toEqual([true, false, false, false, true, false, false, false, true, false, false, false]);
    // The last role wins, with the link of the last mail.
    expect(stateAfter(flips).invites.get('invite-1')).toMatchObject({ role: 'Manager', tokenHash: 'token-flip-9' });
  });

  it('dates the mail of a role change written before the cool-down existed from its expiry (old events)', () => {
    // An InviteRoleChanged as written before the outbox: no link id and no names; it mailed its link when written.
    const oldChange: InviteEvent = {
      type: 'InviteRoleChanged',
      data: { inviteId: 'invite-1', companyId, email, role: 'Member', tokenHash: 'token-old', expiresAt: new Date(hoursFromNow(-0.5).getTime() + 7 * DAY_MS).toISOString() },
    };
    const history = [sent(managerOfApollo, null, daysFromNow(-2)), oldChange];
    expect(stateAfter(history).invites.get('invite-1')).toMatchObject({ role: 'Member', tokenHash: 'token-old', mailedAt: hoursFromNow(-0.5).toISOString() });
    expect(given(invitations, history).when(send('invite-3', 'Manager', apollo), context).events().some(mailsLink)).toBe(false);
    expect(given(invitations, history).when(send('invite-3', 'Manager', apollo), { now: hoursFromNow(1) }).events().some(mailsLink)).toBe(true);
  });

  it('sends a separate invite for another team', () => {
    given(invitations, [sent(managerOfApollo)]).when(send('invite-3', 'Manager', gemini), context).then([sent(send('invite-3', 'Manager', gemini))]);
  });

  it('expires a pending Admin invite it supersedes', () => {
    const events = given(invitations, [sent(adminInvite)]).when(managerOfApollo, context).events();
    expect(events).toEqual([expired('invite-admin'), sent(managerOfApollo, 'Admin invitation')]);
    expect(sentMessage(events.at(-1)!)).toBe('Manager invitation sent successfully, replacing previous Admin invitation');
  });

  it('refuses someone who already holds that role in that team', () => {
    const invitee: InviteeAccess = { isAdmin: false, teamRoles: { [apollo.teamId]: 'Manager' } };
    given(invitations, []).when(send('i', 'Manager', apollo, { invitee }), context).thenRefuses('User already has Manager access');
  });

  it('invites someone to another role or another team than the ones they hold', () => {
    const invitee: InviteeAccess = { isAdmin: false, teamRoles: { [apollo.teamId]: 'Member', [gemini.teamId]: 'Manager' } };
    given(invitations, []).when(send('i', 'Manager', apollo, { invitee }), context).then([sent(send('i', 'Manager', apollo, { invitee }))]);
  });

  it('refuses a role invite for an Admin, who is in every team already', () => {
    given(invitations, []).when(send('i', 'Member', apollo, { invitee: { isAdmin: true, teamRoles: {} } }), context).thenRefuses(inviteMessages.alreadyAdmin);
  });

  it('allows a new invite once the pending one was declined or has expired', () => {
    const again = send('invite-3', 'Manager', apollo);
    given(invitations, [sent(managerOfApollo), declined('invite-1')]).when(again, context).then([sent(again)]);
    given(invitations, [sent(managerOfApollo), expired('invite-1')]).when(again, context).then([sent(again)]);
    given(invitations, [sent(managerOfApollo, null, eightDaysAgo)]).when(again, context).then([sent(again)]);
  });

  it('treats an invite as open until the very moment it expires', () => {
    const history = [sent(managerOfApollo, null, daysFromNow(-7))];
    given(invitations, history).when(send('invite-3', 'Manager', apollo), { now: new Date(now.getTime() - 1) }).thenRefuses(inviteMessages.pendingExists('Manager'));
    given(invitations, history).when(send('invite-3', 'Manager', apollo), context).then([sent(send('invite-3', 'Manager', apollo))]);
  });
});

describe('invitations: Client invites', () => {
  it('sends a Client invite with its projects', () => {
    const events = given(invitations, []).when(clientInvite, context).events();
    expect(events).toEqual([sent(clientInvite)]);
    expect(sentMessage(events[0]!)).toBe('Client invitation sent successfully');
  });

  it('refuses a second Client invite while one is pending', () => {
    given(invitations, [sent(clientInvite)]).when(send('invite-client-2', 'Client', noTeam, { projects: [{ projectId: 'project-2', name: 'Analytical Engine' }] }), context).thenRefuses(inviteMessages.pendingExists('Client'));
  });
});

describe('invitations: accepting', () => {
  it('accepts an open invite for the invited e-mail', () => {
    given(invitations, [sent(managerOfApollo)]).when(accept('invite-1'), context).then([accepted('invite-1')]);
  });

  it('matches the e-mail without case or surrounding spaces', () => {
    given(invitations, [sent(managerOfApollo)]).when(accept('invite-1', { email: ' Grace@Example.COM ' }), context).then([accepted('invite-1')]);
    const typedInCapitals = send('invite-1', 'Manager', apollo, { email: 'Grace@Example.com' });
    const [event] = given(invitations, [sent(typedInCapitals)]).when(accept('invite-1'), context).events();
    expect(event).toMatchObject({ type: 'InviteAccepted', data: { inviteId: 'invite-1', userId: graceId } });
  });

  it('refuses someone signed in with another e-mail', () => {
    given(invitations, [sent(managerOfApollo)]).when(accept('invite-1', { email: 'ada@example.com' }), context).thenRefuses(inviteMessages.wrongAccount);
    expect(inviteMessages.wrongAccount).toBe('You have opened wrong invitation link. Please login to relevant account to accept this invitation.');
  });

  it('refuses an invite that does not exist', () => {
    given(invitations, []).when(accept('invite-1'), context).thenRefuses('Oops! I did not found any invitation for you.');
    given(invitations, [sent(managerOfApollo)]).when(accept('invite-9'), context).thenRefuses(inviteMessages.notFound);
  });

  it('does nothing when the same user accepts again', () => {
    given(invitations, [sent(managerOfApollo), accepted('invite-1')]).when(accept('invite-1'), { now: daysFromNow(30) }).then([]);
  });

  it('refuses another user once accepted', () => {
    given(invitations, [sent(managerOfApollo), accepted('invite-1')])
      .when(accept('invite-1', { userId: '00000000-0000-4000-8000-000000000009' }), context)
      .thenRefuses(inviteMessages.closed);
  });

  it('refuses an invite declined, replaced or timed out', () => {
    const closed = 'Invitation declined or expired. Please contact team admin to send invitaion again';
    given(invitations, [sent(managerOfApollo), declined('invite-1')]).when(accept('invite-1'), context).thenRefuses(closed);
    given(invitations, [sent(managerOfApollo), expired('invite-1')]).when(accept('invite-1'), context).thenRefuses(closed);
    given(invitations, [sent(managerOfApollo, null, eightDaysAgo)]).when(accept('invite-1'), context).thenRefuses(closed);
    given(invitations, [sent(managerOfApollo)]).when(accept('invite-1'), { now: daysFromNow(7) }).thenRefuses(closed);
  });

  it('accepts the replacing invite, not the replaced one', () => {
    const history = [sent(managerOfApollo), expired('invite-1'), sent(adminInvite, 'role invitations')];
    given(invitations, history).when(accept('invite-admin'), context).then([accepted('invite-admin')]);
    given(invitations, history).when(accept('invite-1'), context).thenRefuses(inviteMessages.closed);
  });
});

describe('invitations: declining', () => {
  it('declines an open invite, once', () => {
    given(invitations, [sent(managerOfApollo)]).when(decline('invite-1'), context).then([declined('invite-1')]);
    given(invitations, [sent(managerOfApollo), declined('invite-1')]).when(decline('invite-1'), context).then([]);
  });

  it('refuses a declined invite being accepted afterwards', () => {
    given(invitations, [sent(managerOfApollo), declined('invite-1')]).when(accept('invite-1'), context).thenRefuses(inviteMessages.closed);
  });

  it('refuses to decline an invite accepted or expired', () => {
    given(invitations, [sent(managerOfApollo), accepted('invite-1')]).when(decline('invite-1'), context).thenRefuses(inviteMessages.closed);
    given(invitations, [sent(managerOfApollo, null, eightDaysAgo)]).when(decline('invite-1'), context).thenRefuses(inviteMessages.closed);
  });

  it('refuses another account or an unknown invite', () => {
    given(invitations, [sent(managerOfApollo)]).when(decline('invite-1', 'ada@example.com'), context).thenRefuses(inviteMessages.wrongAccount);
    given(invitations, [sent(managerOfApollo)]).when(decline('invite-9'), context).thenRefuses(inviteMessages.notFound);
  });
});

describe('invites: who may send which', () => {
  it('lets a Manager invite Managers and Members to the teams they manage, and nothing else', () => {
    const manager = sender('Manager', [apollo.teamId]);
    given(invitations, []).when(send('i-1', 'Member', apollo, { actor: manager }), context).then([sent(send('i-1', 'Member', apollo))]);
    given(invitations, []).when(send('i-2', 'Member', gemini, { actor: manager }), context).thenRefuses(accessDenied);
    given(invitations, []).when(send('i-3', 'Head', apollo, { actor: manager }), context).thenRefuses(accessDenied);
    given(invitations, []).when(send('i-4', 'Admin', noTeam, { actor: manager }), context).thenRefuses(accessDenied);
    given(invitations, []).when(send('i-5', 'Client', noTeam, { actor: manager, projects: [{ projectId: 'project-1', name: 'Difference Engine' }] }), context).thenRefuses(accessDenied);
  });

  it('refuses a Member, a Client, an actor of another company, and a sender who is not the actor', () => {
    given(invitations, []).when(send('i-1', 'Member', apollo, { actor: sender('Member', [apollo.teamId]) }), context).thenRefuses(accessDenied);
    given(invitations, []).when(send('i-1', 'Member', apollo, { actor: sender('Client') }), context).thenRefuses(accessDenied);
    given(invitations, []).when(send('i-1', 'Member', apollo, { actor: { ...admin, companyId: 'company-2' } }), context).thenRefuses(accessDenied);
    given(invitations, []).when(send('i-1', 'Member', apollo, { actor: { ...admin, userId: graceId } }), context).thenRefuses(accessDenied);
  });
});
