import type { Kysely } from 'kysely';
import { isRole } from '../../domain/members/roles.ts';
import { localDay, zoneOrFallback } from '../../domain/time-tracking/local-days.ts';
import { timesheetStream } from '../../domain/timesheets/events.ts';
import type { Period } from '../../domain/timesheets/periods.ts';
import { periodDueForReminders, type ReminderMember, remindersDue } from '../../domain/timesheets/reminders.ts';
import { timesheet } from '../../domain/timesheets/timesheet.ts';
import { loadStream, uuidFrom } from '../../eventstore/command-handler.ts';
import type { EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { activeMembers } from '../../projections/organisation/queries.ts';
import { companiesSendingReminders } from '../../projections/settings/queries.ts';
import { timesheetsOfPeriod } from '../../projections/timesheets/queries.ts';
import { cannotExist, type QueuedMail, queuedAlready, queueMails } from '../mail/outbox.ts';

interface Dependencies {
  store: EventStore;
  db: Kysely<Database>;
  now: Date;
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
 * timesheet stands. Returns how many mails it queued.
 */
export async function sendTimesheetReminders({ store, db, now }: Dependencies): Promise<number> {
  let queued = 0;
  for (const company of await companiesSendingReminders(db)) {
    const timeZone = zoneOrFallback(company.timeZone);
    const period = periodDueForReminders(company.timesheetPeriods, company.reminderDays, now, timeZone);
    if (period) queued += await remindCompany({ store, db }, { ...company, timeZone }, period);
  }
  return queued;
}

async function remindCompany(
  { store, db }: Omit<Dependencies, 'now'>,
  company: { companyId: string; companyName: string; timeZone: string },
  period: Period,
): Promise<number> {
  const { companyId, companyName } = company;
  const [members, sheets] = await Promise.all([activeMembers(db, companyId), timesheetsOfPeriod(db, companyId, period.start)]);
  const known: ReminderMember[] = members.flatMap(({ userId, name, email, accessLevel, joinedAt }) =>
    isRole(accessLevel) ? [{ userId, name, email, role: accessLevel, joinedOn: localDay(joinedAt.toISOString(), company.timeZone) }] : [],
  );
  const due = remindersDue(period, known, sheets);
  const people = due.people.filter((person) => !cannotExist(person.email)).map((person) => ({ person, key: reminderKey('timesheet-reminder', companyId, person.userId, period) }));
  const digests = due.digests
    .filter(({ approver }) => !cannotExist(approver.email))
    .map((digest) => ({ ...digest, key: reminderKey('timesheet-digest', companyId, digest.approver.userId, period) }));
  const sent = await queuedAlready(db, [...people.map(({ key }) => key), ...digests.map(({ key }) => key)]);

  const standing = async (userId: string) => (await loadStream(store, timesheetStream(companyId, userId, period.start), timesheet)).state;
  const mails: QueuedMail[] = [];
  for (const { person, key } of people) {
    if (sent.has(key)) continue;
    const { status } = await standing(person.userId);
    if (status === 'Submitted' || status === 'Approved') continue;
    mails.push({ eventId: key, to: person.email, linkId: key, details: { kind: 'timesheet-reminder', companyName, period } });
  }
  for (const { approver, waiting, key } of digests) {
    if (sent.has(key)) continue;
    const stillWaiting: string[] = [];
    for (const person of waiting) {
      const state = await standing(person.userId);
      if (state.status === 'Submitted' && state.approver?.userId === approver.userId) stillWaiting.push(person.name);
    }
    if (stillWaiting.length > 0) mails.push({ eventId: key, to: approver.email, linkId: key, details: { kind: 'timesheet-digest', companyName, period, people: stillWaiting } });
  }
  return queueMails(db, mails);
}
