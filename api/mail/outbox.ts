import { type Kysely, sql } from 'kysely';
import type { Role } from '../../domain/members/roles.ts';
import { VERIFICATION_LINK_HOURS } from '../../domain/identity/account.ts';
import { type AccountEvent, accountStreamUser } from '../../domain/identity/events.ts';
import type { InviteEvent } from '../../domain/invites/events.ts';
import type { MonitoringEvent } from '../../domain/monitoring/events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import type { Projection } from '../../projections/projection.ts';
import type { Period } from '../../domain/timesheets/periods.ts';
import { periodLabel } from '../../domain/timesheets/timesheet.ts';
import { mailedLinkToken } from '../identity/tokens.ts';
import type { Mail } from './mailer.ts';
import { subjectName, textName, unlinked } from './names.ts';

/** Told when mails are queued, so that a sender waiting for work starts at once. */
export const MAIL_QUEUED_CHANNEL = 'mail_queued';

/** What a queued mail says, besides its link: never a secret. */
export type MailDetails =
  | { kind: 'verify-email'; userId: string }
  | { kind: 'reset-password'; userId: string }
  | { kind: 'invite'; companyName: string; teamName: string | null; role: Role; inviter: string }
  | { kind: 'monitoring-request'; companyName: string; requester: string; message: string | null }
  | { kind: 'timesheet-reminder'; companyName: string; period: Period }
  | { kind: 'timesheet-digest'; companyName: string; period: Period; people: string[] };

/**
 * A queued mail: its key (the id of the event that asked for it, or one
 * derived from what it is about, so that it is queued once), to whom, the id
 * its link's secret is derived from (a mail without a secret link: its key),
 * and what it says.
 */
export interface QueuedMail {
  eventId: string;
  to: string;
  linkId: string;
  details: MailDetails;
}

/**
 * Addresses under the `.invalid` top-level domain cannot exist (RFC 6761):
 * mail to them is never sent. The demo company's people have such addresses.
 */
export const cannotExist = (address: string) => address.toLowerCase().endsWith('.invalid');

/** Names listed in a digest at most; the rest are counted. */
export const DIGEST_NAMES = 50;

/**
 * The mail an event asks for, if any. Events written before mails went
 * through the outbox carry no link id: their mail went when they were written.
 */
export function mailOf(recorded: RecordedEvent): QueuedMail | null {
  const event = { type: recorded.type, data: recorded.data } as AccountEvent | InviteEvent | MonitoringEvent;
  const queued = (to: string | undefined, linkId: string | undefined, details: MailDetails) =>
    to && linkId && !cannotExist(to) ? { eventId: recorded.eventId, to, linkId, details } : null;
  switch (event.type) {
    case 'AccountRegistered':
      return queued(event.data.email, event.data.verification.linkId, { kind: 'verify-email', userId: event.data.userId });
    case 'EmailVerificationIssued':
      return queued(event.data.email, event.data.linkId, { kind: 'verify-email', userId: accountStreamUser(recorded.streamId) });
    case 'PasswordResetRequested':
      return queued(event.data.email, event.data.linkId, { kind: 'reset-password', userId: accountStreamUser(recorded.streamId) });
    case 'InviteSent': {
      const { email, linkId, companyName, teamName, role, invitedBy } = event.data;
      return queued(email, linkId, { kind: 'invite', companyName, teamName, role, inviter: invitedBy.name });
    }
    case 'InviteRoleChanged': {
      const { email, linkId, companyName, teamName, role, invitedBy } = event.data;
      if (companyName === undefined || teamName === undefined || !invitedBy) return null;
      return queued(email, linkId, { kind: 'invite', companyName, teamName, role, inviter: invitedBy.name });
    }
    case 'MonitoringRequested': {
      const { email, companyName, by, message } = event.data;
      return queued(email, recorded.eventId, { kind: 'monitoring-request', companyName, requester: by.name, message });
    }
    default:
      return null;
  }
}

/** The mail as it goes out, its link's secret derived from the key; the names people chose are never link-shaped (names.ts). */
export function writeMail(mail: Pick<QueuedMail, 'to' | 'linkId' | 'details'>, { linkKey, publicUrl }: { linkKey: string; publicUrl: string }): Mail {
  const token = () => encodeURIComponent(mailedLinkToken(linkKey, mail.linkId));
  const { details } = mail;
  switch (details.kind) {
    case 'verify-email': {
      const url = `${publicUrl}/auth/verify-email?u=${encodeURIComponent(details.userId)}&t=${token()}`;
      return {
        to: mail.to,
        subject: 'Verify your Timeledger e-mail address',
        text: `Welcome to Timeledger!\n\nConfirm your e-mail address by opening this link:\n${url}\n\nThe link is valid for ${VERIFICATION_LINK_HOURS} hours.`,
        links: [url],
      };
    }
    case 'reset-password': {
      const url = `${publicUrl}/auth/reset-password?u=${encodeURIComponent(details.userId)}&t=${token()}`;
      return {
        to: mail.to,
        subject: 'Reset your Timeledger password',
        text: `Someone asked to reset the password of your Timeledger account.\n\nChoose a new password here:\n${url}\n\nThe link works once and expires in 60 minutes. If it was not you, ignore this e-mail.`,
        links: [url],
      };
    }
    case 'invite': {
      const url = `${publicUrl}/invitation?i=${token()}`;
      const company = textName(details.companyName);
      const where = details.teamName ? `the team ${textName(details.teamName)} of ${company}` : company;
      return {
        to: mail.to,
        subject: `${subjectName(details.inviter)} invited you to ${subjectName(details.companyName)} on Timeledger`,
        text: `${textName(details.inviter)} invited you to join ${where} as ${details.role}.\n\nAccept the invitation here:\n${url}\n\nThe link is valid for 7 days.`,
        links: [url],
      };
    }
    case 'monitoring-request': {
      // No secret: the person signs in as usual and makes an API token for the agent on their profile.
      const url = `${publicUrl}/profile`;
      const requester = textName(details.requester);
      const note = details.message ? `\n\n${requester} wrote:\n${unlinked(details.message)}` : '';
      return {
        to: mail.to,
        subject: `${subjectName(details.requester)} asks you to enable the Timeledger desktop agent`,
        text: `${requester} of ${textName(details.companyName)} asks you to enable the Timeledger desktop agent, so that your tracked time shows your application usage and idle time.${note}\n\nCreate an API token for the agent on your profile:\n${url}`,
        links: [url],
      };
    }
    case 'timesheet-reminder': {
      const url = `${publicUrl}/timesheet?day=${details.period.start}`;
      const period = periodLabel(details.period);
      return {
        to: mail.to,
        subject: `Your timesheet for ${period} is waiting to be submitted`,
        text: `Your timesheet at ${textName(details.companyName)} for ${period} has not been submitted yet.\n\nCheck its time and submit it here:\n${url}`,
        links: [url],
      };
    }
    case 'timesheet-digest': {
      const url = `${publicUrl}/timesheets`;
      const period = periodLabel(details.period);
      const count = details.people.length;
      const listed = details.people.slice(0, DIGEST_NAMES).map((name) => `- ${textName(name)}`);
      if (count > DIGEST_NAMES) listed.push(`… and ${count - DIGEST_NAMES} more`);
      return {
        to: mail.to,
        subject: count === 1 ? `1 timesheet for ${period} is waiting for your approval` : `${count} timesheets for ${period} are waiting for your approval`,
        text: `These timesheets at ${textName(details.companyName)} for ${period} are waiting for your approval:\n\n${listed.join('\n')}\n\nApprove or reject them here:\n${url}`,
        links: [url],
      };
    }
  }
}

/**
 * The mail reactor: follows the log with a checkpoint of its own (run by a
 * ProjectionRunner of its own, see api/background.ts) and queues one row per
 * event that asks for a mail, in the transaction that moves its checkpoint.
 * Met again (a checkpoint set back), an event queues nothing more: the
 * event id is the row's key. The sender (sender.ts) delivers the rows.
 */
export const mailReactor: Projection = {
  name: 'mail-outbox',
  tables: ['mail_outbox'],
  handles: ['AccountRegistered', 'EmailVerificationIssued', 'PasswordResetRequested', 'InviteSent', 'InviteRoleChanged', 'MonitoringRequested'],

  async apply(trx, events) {
    await queueMails(trx, events.map(mailOf).filter((mail) => mail !== null));
    return [];
  },
};

/**
 * Queues mails for the sender, each once: a mail whose key is queued already
 * queues nothing more, and one to an address that cannot exist is never
 * queued. Returns how many were queued.
 */
export async function queueMails(db: Kysely<Database>, mails: readonly QueuedMail[]): Promise<number> {
  const sendable = mails.filter((mail) => !cannotExist(mail.to));
  if (sendable.length === 0) return 0;
  const queued = await db
    .insertInto('mail_outbox')
    .values(sendable.map((mail) => ({ event_id: mail.eventId, kind: mail.details.kind, recipient: mail.to, link_id: mail.linkId, details: JSON.stringify(mail.details) })))
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .execute();
  if (queued.length > 0) await sql`SELECT pg_notify(${MAIL_QUEUED_CHANNEL}, '')`.execute(db);
  return queued.length;
}

/** Which of these keys are queued already (sent or not). */
export async function queuedAlready(db: Kysely<Database>, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('mail_outbox').select('event_id').where('event_id', 'in', keys).execute();
  return new Set(rows.map((row) => row.event_id));
}
