import type { Kysely } from 'kysely';
import { isLocked } from '../../domain/companies/company.ts';
import { isRole } from '../../domain/members/roles.ts';
import { localDay, zoneOrFallback } from '../../domain/time-tracking/local-days.ts';
import { timesheetStream } from '../../domain/timesheets/events.ts';
import type { Period } from '../../domain/timesheets/periods.ts';
import { isHandedIn, periodDueForReminders, type ReminderMember, remindersDue } from '../../domain/timesheets/reminders.ts';
import { timesheet, type TimesheetState } from '../../domain/timesheets/timesheet.ts';
import { loadStream, uuidFrom } from '../../eventstore/command-handler.ts';
import type { EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { activeMembers } from '../../projections/organisation/queries.ts';
import { companiesSendingReminders } from '../../projections/settings/queries.ts';
import { submittedInPeriod } from '../../projections/timesheets/queries.ts';
import { cannotExist, type QueuedMail, queuedAlready, queueMails } from '../mail/outbox.ts';

/** Timesheet streams read in one sweep at most (an agent's week can hold thousands of notes of time changed); the next sweep goes on with the rest. */
export const STREAMS_READ_PER_SWEEP = 500;

interface Dependencies {
  store: EventStore;
  db: Kysely<Database>;
  now: Date;
  /** BILLING=off: no company is locked for its subscription. */
  billingOff: boolean;
}

/** The key of a person's reminder, or of an approver's digest, for a company's period: the same on every sweep and every server. */
export const reminderKey = (kind: 'timesheet-reminder' | 'timesheet-digest', companyId: string, userId: string, period: Period) =>
  uuidFrom(`${kind}\u0000${companyId}\u0000${userId}\u0000${period.start}`);

/**
 * Mails each company's timesheet reminders once their period's day has come
 * (domain/timesheets/reminders.ts): one to each person who has not submitted
 * the period's timesheet, one digest to each approver of the timesheets
 * waiting for them. Each mail is queued in the outbox under a key of its
 * person (or approver) and period, so it goes once whatever sweeps, restarts
 * and servers meet it. The read models find who is due; each person's
 * timesheet stream, which does not lag, has the last word on how their
 * timesheet stands. A company locked for its subscription is not reminded:
 * its people could not submit. Returns how many mails it queued.
 */
export async function sendTimesheetReminders({ store, db, now, billingOff }: Dependencies, streamsToRead = STREAMS_READ_PER_SWEEP): Promise<number> {
  const budget = { left: streamsToRead };
  let queued = 0;
  for (const company of await companiesSendingReminders(db)) {
    if (budget.left <= 0) break;
    if (!billingOff && isLocked(company.subscription, now)) continue;
    const timeZone = zoneOrFallback(company.timeZone);
    const period = periodDueForReminders(company.timesheetPeriods, company.reminderDays, now, timeZone);
    if (period) queued += await remindCompany({ store, db }, { ...company, timeZone }, period, budget);
  }
  return queued;
}

async function remindCompany(
  { store, db }: Pick<Dependencies, 'store' | 'db'>,
  company: { companyId: string; companyName: string; timeZone: string },
  period: Period,
  budget: { left: number },
): Promise<number> {
  const { companyId, companyName } = company;
  const [members, sheets] = await Promise.all([activeMembers(db, companyId), submittedInPeriod(db, companyId, period.start)]);
  const known: ReminderMember[] = members.flatMap(({ userId, name, email, accessLevel, joinedAt }) =>
    isRole(accessLevel) ? [{ userId, name, email, role: accessLevel, joinedOn: localDay(joinedAt.toISOString(), company.timeZone) }] : [],
  );
  const due = remindersDue(period, known, sheets);
  const people = due.people.filter((person) => !cannotExist(person.email)).map((person) => ({ person, key: reminderKey('timesheet-reminder', companyId, person.userId, period) }));
  const digests = due.digests
    .filter(({ approver }) => !cannotExist(approver.email))
    .map((digest) => ({ ...digest, key: reminderKey('timesheet-digest', companyId, digest.approver.userId, period) }));
  const sent = await queuedAlready(db, [...people.map(({ key }) => key), ...digests.map(({ key }) => key)]);

  const standings = new Map<string, TimesheetState>();
  const standing = async (userId: string) => {
    if (!standings.has(userId)) {
      budget.left--;
      standings.set(userId, (await loadStream(store, timesheetStream(companyId, userId, period.start), timesheet)).state);
    }
    return standings.get(userId)!;
  };
  const mails: QueuedMail[] = [];
  for (const { person, key } of people) {
    if (sent.has(key)) continue;
    if (budget.left <= 0) return queueMails(db, mails);
    if (isHandedIn((await standing(person.userId)).status)) continue;
    mails.push({ eventId: key, to: person.email, linkId: key, details: { kind: 'timesheet-reminder', companyName, period } });
  }
  for (const { approver, waiting, key } of digests) {
    if (sent.has(key)) continue;
    if (budget.left <= 0) break;
    const stillWaiting: string[] = [];
    for (const person of waiting) {
      const state = await standing(person.userId);
      if (state.status === 'Submitted' && state.approver?.userId === approver.userId) stillWaiting.push(person.name);
    }
    if (stillWaiting.length > 0) mails.push({ eventId: key, to: approver.email, linkId: key, details: { kind: 'timesheet-digest', companyName, period, people: stillWaiting } });
  }
  return queueMails(db, mails);
}
