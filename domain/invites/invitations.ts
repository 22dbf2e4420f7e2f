import { type Actor, authorize } from '../members/authorization.ts';
import { accessDenied, inEveryTeam, joinsProjects, joinsTeams, type Role, type TeamRole } from '../members/roles.ts';
import type { Decider } from '../shared/decider.ts';
import { conflict, forbidden, invalid, notFound } from '../shared/errors.ts';
import type { InviteDetails, InviteEvent } from './events.ts';

export const INVITE_DAYS = 7;
/**
 * A pending invite's role changed within this long of its last mail mails
 * nothing: the link sent then accepts with the new role. Flipping a role back
 * and forth cannot flood the invitee.
 */
export const REMAIL_AFTER_MS = 3_600_000;

export const inviteMessages = {
  missingInformation: 'Unable to process invitation due to missing information',
  missingTeam: 'Unable to process invitation due to missing team information',
  projectRequired: 'You need to select at least one project',
  alreadyAdmin: 'User already has Admin access',
  adminAlreadyInvited: 'Admin invitation already sent to this user',
  alreadyHasRole: (role: Role) => `User already has ${role} access`,
  pendingExists: (role: Role) => `Pending invite already exists for role ${role}`,
  updated: (role: Role) => `Invitation updated to ${role} role`,
  notFound: 'Oops! I did not found any invitation for you.',
  wrongAccount: 'You have opened wrong invitation link. Please login to relevant account to accept this invitation.',
  closed: 'Invitation declined or expired. Please contact team admin to send invitaion again',
  accepted: 'Invitation accepted successfully',
  declined: 'Invite declined successfully',
} as const;

/** The invite form's messages (management §5), checked by the form and again by the API. */
export const inviteFormMessages = {
  emailRequired: 'At least 1 email address is required',
  emailInvalid: 'Invalid email format! Please enter a valid email address.!',
  roleRequired: 'Select access level of user',
  teamRequired: 'You need to select at least one team',
} as const;

export type InviteStatus = 'pending' | 'accepted' | 'declined' | 'expired';

export interface Invite {
  inviteId: string;
  role: Role;
  teamId: string | null;
  /** The projects a Client invite offers. */
  projectIds: string[];
  status: InviteStatus;
  expiresAt: string;
  acceptedBy: string | null;
  /** The hash of the link last mailed, and when it was mailed. */
  tokenHash: string;
  mailedAt: string;
}

export type InvitationsState = { companyId: string; email: string; invites: Map<string, Invite> };

/** What the invitee already holds in the company, looked up before deciding. */
export interface InviteeAccess {
  isAdmin: boolean;
  teamRoles: Record<string, TeamRole>;
}

export type InvitationsCommand =
  | (InviteDetails & { type: 'SendInvite'; tokenHash: string; linkId: string; invitee: InviteeAccess; actor: Actor })
  /** Answered by the signed-in person: their id and e-mail come from the session. */
  | { type: 'AcceptInvite'; inviteId: string; userId: string; email: string }
  | { type: 'DeclineInvite'; inviteId: string; email: string };

/** Pending and not past its expiry. */
export function isOpen(invite: Invite, now: Date): boolean {
  return invite.status === 'pending' && Date.parse(invite.expiresAt) > now.getTime();
}

/** A link's mail goes out when the link is made, and the link is valid INVITE_DAYS from then. */
const mailedAtOf = (expiresAt: string) => new Date(Date.parse(expiresAt) - INVITE_DAYS * 86_400_000).toISOString();

/** The events that mail the invitee a new link (the mail reactor, api/mail/outbox.ts, sends it). */
export function mailsLink(event: InviteEvent): boolean {
  return event.type === 'InviteSent' || (event.type === 'InviteRoleChanged' && event.data.linkId !== undefined);
}

/** The sender's message for an invite that went out (management §8). */
export function sentMessage(event: InviteEvent): string {
  switch (event.type) {
    case 'InviteSent': {
      const { role, replacing } = event.data;
      return replacing ? `${role} invitation sent successfully, replacing previous ${replacing}` : `${role} invitation sent successfully`;
    }
    case 'InviteRoleChanged':
      return inviteMessages.updated(event.data.role);
    default:
      return 'Invitation sent successfully';
  }
}

export const invitations: Decider<InvitationsCommand, InviteEvent, InvitationsState, { now: Date }> = {
  initialState: { companyId: '', email: '', invites: new Map() },

  evolve(state, event) {
    const invites = new Map(state.invites);
    const update = (inviteId: string, patch: Partial<Invite>) => {
      const invite = invites.get(inviteId);
      if (invite) invites.set(inviteId, { ...invite, ...patch });
    };
    switch (event.type) {
      case 'InviteSent': {
        const { inviteId, role, teamId, projects, expiresAt, companyId, email, tokenHash, sentAt } = event.data;
        invites.set(inviteId, { inviteId, role, teamId, projectIds: projects.map((p) => p.projectId), status: 'pending', expiresAt, acceptedBy: null, tokenHash, mailedAt: sentAt });
        return { companyId, email, invites };
      }
      case 'InviteRoleChanged': {
        const { inviteId, role, tokenHash, expiresAt } = event.data;
        // A change within the cool-down carries the link mailed before; any other mailed a new one.
        const newLink = invites.get(inviteId)?.tokenHash !== tokenHash;
        update(inviteId, { role, ...(newLink ? { tokenHash, expiresAt, mailedAt: mailedAtOf(expiresAt) } : {}) });
        break;
      }
      case 'InviteExpired':
        update(event.data.inviteId, { status: 'expired' });
        break;
      case 'InviteAccepted':
        update(event.data.inviteId, { status: 'accepted', acceptedBy: event.data.userId });
        break;
      case 'InviteDeclined':
        update(event.data.inviteId, { status: 'declined' });
        break;
    }
    return { ...state, invites };
  },

  decide(command, state, { now }) {
    switch (command.type) {
      case 'SendInvite':
        return decideSend(command, state, now);

      case 'AcceptInvite': {
        const invite = findFor(state, command);
        if (invite.status === 'accepted' && invite.acceptedBy === command.userId) return [];
        if (!isOpen(invite, now)) throw conflict(inviteMessages.closed);
        const { companyId, email } = state;
        return [{ type: 'InviteAccepted', data: { inviteId: invite.inviteId, companyId, email, userId: command.userId, acceptedAt: now.toISOString() } }];
      }

      case 'DeclineInvite': {
        const invite = findFor(state, command);
        if (invite.status === 'declined') return [];
        if (!isOpen(invite, now)) throw conflict(inviteMessages.closed);
        const { companyId, email } = state;
        return [{ type: 'InviteDeclined', data: { inviteId: invite.inviteId, companyId, email, declinedAt: now.toISOString() } }];
      }
    }
  },
};

/** The invite, if it exists and was sent to the e-mail of the one answering it. */
function findFor(state: InvitationsState, command: { inviteId: string; email: string }): Invite {
  const invite = state.invites.get(command.inviteId);
  if (!invite) throw notFound(inviteMessages.notFound);
  const normalise = (address: string) => address.trim().toLowerCase();
  if (normalise(command.email) !== normalise(state.email)) throw forbidden(inviteMessages.wrongAccount);
  return invite;
}

function decideSend(command: Extract<InvitationsCommand, { type: 'SendInvite' }>, state: InvitationsState, now: Date): InviteEvent[] {
  const { role, teamId, invitee, actor } = command;
  if (!command.email || !role || !command.companyId) throw invalid(inviteMessages.missingInformation);
  if (joinsTeams(role) && !teamId) throw invalid(inviteMessages.missingTeam);
  if (joinsProjects(role) && command.projects.length === 0) throw invalid(inviteMessages.projectRequired);
  authorize(actor, 'SendInvite', { companyId: command.companyId, team: teamId, grants: role });
  if (command.invitedBy.userId !== actor.userId) throw forbidden(accessDenied);

  const open = [...state.invites.values()].filter((invite) => isOpen(invite, now));
  const expiresAt = new Date(now.getTime() + INVITE_DAYS * 86_400_000).toISOString();
  const ref = { companyId: command.companyId, email: command.email };
  const expire = (invites: Invite[]): InviteEvent[] =>
    invites.map((invite) => ({ type: 'InviteExpired', data: { ...ref, inviteId: invite.inviteId, reason: 'replaced' } }));
  const send = (replacing: 'role invitations' | 'Admin invitation' | null): InviteEvent => {
    const { inviteId, companyId, companyName, email, teamName, projects, invitedBy, tokenHash, linkId } = command;
    return {
      type: 'InviteSent',
      data: { inviteId, companyId, companyName, email, role, teamId, teamName, projects, invitedBy, tokenHash, linkId, expiresAt, sentAt: now.toISOString(), replacing },
    };
  };

  if (invitee.isAdmin) throw conflict(inviteMessages.alreadyAdmin);

  // An Admin is in every team: one open invitation is enough, and it replaces the team ones.
  if (inEveryTeam(role)) {
    if (open.some((invite) => inEveryTeam(invite.role))) throw conflict(inviteMessages.adminAlreadyInvited);
    const replaced = open.filter((invite) => !inEveryTeam(invite.role));
    return [...expire(replaced), send(replaced.length > 0 ? 'role invitations' : null)];
  }

  // A Client's invitation names projects, not a team: one open at a time.
  if (joinsProjects(role)) {
    if (open.some((invite) => joinsProjects(invite.role))) throw conflict(inviteMessages.pendingExists(role));
    return [send(null)];
  }

  if (invitee.teamRoles[teamId!] === role) throw conflict(inviteMessages.alreadyHasRole(role));
  const sameTeam = open.find((invite) => invite.teamId === teamId);
  if (sameTeam?.role === role) throw conflict(inviteMessages.pendingExists(role));
  if (sameTeam) {
    const { companyName, teamName, invitedBy } = command;
    const names = { companyName, teamName, invitedBy };
    if (now.getTime() - Date.parse(sameTeam.mailedAt) < REMAIL_AFTER_MS) {
      // No linkId: nothing is mailed, and the link mailed before stays valid until it expires.
      return [{ type: 'InviteRoleChanged', data: { ...ref, inviteId: sameTeam.inviteId, role, tokenHash: sameTeam.tokenHash, expiresAt: sameTeam.expiresAt, ...names } }];
    }
    const { tokenHash, linkId } = command;
    return [{ type: 'InviteRoleChanged', data: { ...ref, inviteId: sameTeam.inviteId, role, tokenHash, expiresAt, linkId, ...names } }];
  }
  const adminInvites = open.filter((invite) => inEveryTeam(invite.role));
  return [...expire(adminInvites), send(adminInvites.length > 0 ? 'Admin invitation' : null)];
}
