import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountEvent } from '../../domain/identity/events.ts';
import { accountStream } from '../../domain/identity/events.ts';
import { invitationsStream, type InviteEvent } from '../../domain/invites/events.ts';
import { toDomainEvent } from '../../eventstore/command-handler.ts';
import { decodedHeader, decodedText, type ReceivedMail } from '../../tests/support/mailbox.ts';
import { readModelsIncludeAllWritten } from '../../tests/support/read-models.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, callApi, createCompany, inviteAndAccept, signedInUser, TEST_PASSWORD } from '../../tests/support/users.ts';
import { mailedLinkToken } from '../identity/tokens.ts';
import { reminderKey, sendTimesheetReminders } from './reminders.ts';

/*
 * The week of Monday 4 March 2030 (weeks from Monday, Asia/Kolkata), years
 * after the wall clock, so the server's own sweep never meets it.
 * Reminders Inc (reminders 2 days after a period ends, the default): Ada
 * Admin; Max Manager and the Members Ana, Bo and Cy (whose address cannot
 * exist) in Apollo. Ana submitted to Max, Max to Ada; Ada, Bo and Cy did not.
 * Other Co: Oz Admin and Bo, who submitted there to Oz.
 */
let server: TestServer;
let clock: Date | null = null;
let ada: ApiUser;
let max: ApiUser;
let ana: ApiUser;
let bo: ApiUser;
let cy: ApiUser;
let oz: ApiUser;
let reminders: string;
let other: string;

const week = { start: '2030-03-04', end: '2030-03-10' };
const label = '4 Mar – 10 Mar 2030';
const kolkata = (dateTime: string) => new Date(`${dateTime}+05:30`);
const sweepAt = (dateTime: string, streamsToRead?: number, billingOff = false) =>
  sendTimesheetReminders({ store: server.store, db: server.db, now: kolkata(dateTime), billingOff }, streamsToRead);

const isReminder = (mail: ReceivedMail) => mail.links.includes(`${server.url}/timesheet?day=${week.start}`);
const isDigest = (mail: ReceivedMail) => mail.links.includes(`${server.url}/timesheets`) && decodedHeader(mail.raw, 'Subject').includes(label);
const reminderMails = () => server.mailbox.received.filter((mail) => isReminder(mail) || isDigest(mail));
/** Each reminder mail as who got it, what about, and from which company. */
const told = (mail: ReceivedMail) => {
  const text = decodedText(mail.raw);
  return { to: mail.to.join(), subject: decodedHeader(mail.raw, 'Subject'), company: text.match(/at (.+?) for /)![1], people: [...text.matchAll(/^- (.+?)\r?$/gm)].map((line) => line[1]) };
};
/** Waits until every mail queued is sent. */
const sent = () =>
  expect.poll(async () => (await server.db.selectFrom('mail_outbox').select('event_id').where('sent_at', 'is', null).where('given_up_at', 'is', null).execute()).length, { timeout: 15_000 }).toBe(0);

/** A person whose address cannot exist signs up and joins: nothing is mailed to them, so the links are made as the mails would have. */
async function memberWithoutMail(inviter: ApiUser, companyId: string, teamId: string, email: string, fullName: string): Promise<ApiUser> {
  const { linkKey } = server.background;
  await callApi(server, null, 'POST', '/api/auth/sign-up', { fullName, email, password: TEST_PASSWORD });
  const { user_id: userId } = await server.db.selectFrom('accounts').select('user_id').where('email', '=', email).executeTakeFirstOrThrow();
  const registered = (await server.store.readStream(accountStream(userId))).map((event) => toDomainEvent<AccountEvent>(event)).find((event) => event.type === 'AccountRegistered')!;
  if (registered.type !== 'AccountRegistered' || !registered.data.verification.linkId) throw new Error('not registered');
  await callApi(server, null, 'POST', '/api/auth/verify-email', { userId, token: mailedLinkToken(linkKey, registered.data.verification.linkId) });
  const login = await callApi(server, null, 'POST', '/api/auth/login', { email, password: TEST_PASSWORD });
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  const user: ApiUser = { userId, email, cookie, call: (method, path, body) => callApi(server, cookie, method, path, body) };
  await inviter.call('POST', `/api/companies/${companyId}/invites`, { emails: [email], role: 'Member', teamIds: [teamId] });
  const invite = (await server.store.readStream(invitationsStream(companyId, email))).map((event) => toDomainEvent<InviteEvent>(event)).findLast((event) => event.type === 'InviteSent')!;
  if (invite.type !== 'InviteSent' || !invite.data.linkId) throw new Error('not invited');
  const accepted = await user.call('POST', `/api/invitations/${encodeURIComponent(mailedLinkToken(linkKey, invite.data.linkId))}/accept`);
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
  return user;
}

const submit = (user: ApiUser, companyId: string, approver: ApiUser) =>
  user.call('POST', `/api/companies/${companyId}/timesheets/${week.start}/submit`, { approverId: approver.userId, note: '', timeZone: 'Asia/Kolkata' });

beforeAll(async () => {
  server = await startTestServer({ now: () => clock ?? new Date(), billing: { off: true } });
  [ada, max, ana, bo, oz] = await Promise.all([
    signedInUser(server, 'ada@reminders.test', 'Ada Admin'),
    signedInUser(server, 'max@reminders.test', 'Max Manager'),
    signedInUser(server, 'ana@reminders.test', 'Ana Apollo'),
    signedInUser(server, 'bo@reminders.test', 'Bo Both'),
    signedInUser(server, 'oz@other.test', 'Oz Other'),
  ]);
  clock = kolkata('2030-03-04T10:00');
  reminders = await createCompany(ada, 'Reminders Inc');
  const apollo: string = (await ada.call('POST', `/api/companies/${reminders}/teams`, { name: 'Apollo' })).body.teamId;
  await inviteAndAccept(server, ada, reminders, max, 'Manager', [apollo]);
  await inviteAndAccept(server, ada, reminders, ana, 'Member', [apollo]);
  await inviteAndAccept(server, ada, reminders, bo, 'Member', [apollo]);
  cy = await memberWithoutMail(ada, reminders, apollo, 'cy@demo.timeledger.invalid', 'Cy Nowhere');
  other = await createCompany(oz, 'Other Co');
  const crew: string = (await oz.call('POST', `/api/companies/${other}/teams`, { name: 'Crew' })).body.teamId;
  await inviteAndAccept(server, oz, other, bo, 'Member', [crew]);

  clock = kolkata('2030-03-11T10:00');
  for (const [person, companyId, approver] of [
    [ana, reminders, max],
    [max, reminders, ada],
    [bo, other, oz],
  ] as const) {
    const answer = await submit(person, companyId, approver);
    if (answer.status !== 200) throw new Error(`submit failed: ${JSON.stringify(answer.body)}`);
  }
  // Other Co sends none for now.
  expect((await oz.call('PUT', `/api/companies/${other}/settings/timesheet-reminders`, { days: null })).status).toBe(200);
  await readModelsIncludeAllWritten(server);
}, 120_000);

afterAll(() => server.close());

describe('timesheet reminders', () => {
  it('wait for their day: 2 days after the period ended, from 09:00 in the company’s zone', async () => {
    expect(await sweepAt('2030-03-11T10:00')).toBe(0);
    expect(await sweepAt('2030-03-13T08:59')).toBe(0);
    expect(reminderMails()).toEqual([]);
  });

  it('mail each person who has not submitted once, and each approver once the people waiting for them; nothing to an address that cannot exist', async () => {
    // A sweep that may read one timesheet stream queues one mail; the next ones go on with the rest.
    expect(await sweepAt('2030-03-13T09:05', 1)).toBe(1);
    // Two sweeps at once, as two servers might run them: each mail is queued once.
    const queued = await Promise.all([sweepAt('2030-03-13T09:05'), sweepAt('2030-03-13T09:05')]);
    expect(queued[0] + queued[1]).toBe(3);
    await sent();
    await expect.poll(() => reminderMails().length, { timeout: 10_000 }).toBe(4);
    const mails = reminderMails().map(told);
    expect(mails.filter((mail) => mail.people.length === 0).sort((a, b) => a.to.localeCompare(b.to))).toEqual([
      { to: ada.email, subject: `Your timesheet for ${label} is waiting to be submitted`, company: 'Reminders Inc', people: [] },
      { to: bo.email, subject: `Your timesheet for ${label} is waiting to be submitted`, company: 'Reminders Inc', people: [] },
    ]);
    expect(mails.filter((mail) => mail.people.length > 0).sort((a, b) => a.to.localeCompare(b.to))).toEqual([
      { to: ada.email, subject: `1 timesheet for ${label} is waiting for your approval`, company: 'Reminders Inc', people: ['Max Manager'] },
      { to: max.email, subject: `1 timesheet for ${label} is waiting for your approval`, company: 'Reminders Inc', people: ['Ana Apollo'] },
    ]);
    // Cy's reminder was never queued.
    const toCy = await server.db.selectFrom('mail_outbox').select('event_id').where('recipient', '=', cy.email).execute();
    expect(toCy).toEqual([]);
    expect(await server.db.selectFrom('mail_outbox').select('event_id').where('event_id', '=', reminderKey('timesheet-reminder', reminders, cy.userId, week)).execute()).toEqual([]);
  });

  it('mail nobody twice, whatever happens meanwhile', async () => {
    const before = server.mailbox.received.length;
    expect(await sweepAt('2030-03-13T09:06')).toBe(0);
    // Bo submits after his reminder, to Ada, whose digest went already.
    clock = kolkata('2030-03-13T10:00');
    expect((await submit(bo, reminders, ada)).status).toBe(200);
    await readModelsIncludeAllWritten(server);
    expect(await sweepAt('2030-03-13T10:30')).toBe(0);
    await sent();
    expect(server.mailbox.received.length).toBe(before);
  });

  it('remind a person whose timesheet was rejected after the first sweep, once', async () => {
    clock = kolkata('2030-03-13T11:00');
    expect((await max.call('POST', `/api/companies/${reminders}/timesheets/${ana.userId}/${week.start}/reject`, { reason: 'Friday is missing' })).status).toBe(200);
    await readModelsIncludeAllWritten(server);
    expect(await sweepAt('2030-03-13T11:30')).toBe(1);
    expect(await sweepAt('2030-03-13T11:31')).toBe(0);
    await sent();
    await expect.poll(() => reminderMails().filter((mail) => mail.to.includes(ana.email)).map((mail) => told(mail).subject), { timeout: 10_000 }).toEqual([
      `Your timesheet for ${label} is waiting to be submitted`,
    ]);
  });

  it('follow each company’s own choice, and never mix companies: off, then 3 days', async () => {
    expect(await sweepAt('2030-03-14T09:30')).toBe(0);
    expect((await oz.call('PUT', `/api/companies/${other}/settings/timesheet-reminders`, { days: 3 })).status).toBe(200);
    expect(await sweepAt('2030-03-13T09:30')).toBe(0);
    expect(await sweepAt('2030-03-14T09:30')).toBe(2);
    await sent();
    const fromOther = () => reminderMails().map(told).filter((mail) => mail.company === 'Other Co');
    await expect.poll(() => fromOther().length, { timeout: 10_000 }).toBe(2);
    expect(fromOther().sort((a, b) => a.people.length - b.people.length)).toEqual([
      { to: oz.email, subject: `Your timesheet for ${label} is waiting to be submitted`, company: 'Other Co', people: [] },
      { to: oz.email, subject: `1 timesheet for ${label} is waiting for your approval`, company: 'Other Co', people: ['Bo Both'] },
    ]);
    // Bo had one reminder in all: Reminders Inc's.
    expect(reminderMails().filter((mail) => mail.to.includes(bo.email) && isReminder(mail))).toHaveLength(1);
  });

  it('ask the timesheet’s own stream, not the read model that may lag, whether a person submitted', async () => {
    // Bo submits the next week at Other Co, and the read model has not shown it yet.
    const next = { start: '2030-03-11', end: '2030-03-17' };
    clock = kolkata('2030-03-18T10:00');
    // Reminders Inc sends none from now on.
    expect((await ada.call('PUT', `/api/companies/${reminders}/settings/timesheet-reminders`, { days: null })).status).toBe(200);
    expect((await bo.call('POST', `/api/companies/${other}/timesheets/${next.start}/submit`, { approverId: oz.userId, note: '', timeZone: 'Asia/Kolkata' })).status).toBe(200);
    await readModelsIncludeAllWritten(server);
    await server.db.deleteFrom('timesheets').where('company_id', '=', other).where('user_id', '=', bo.userId).where('period_start', '=', next.start).execute();
    // Other Co's reminders for that week are due on Thursday 21 March: Oz's only (the digest waits for the read model).
    expect(await sweepAt('2030-03-21T09:30')).toBe(1);
    const queued = await server.db.selectFrom('mail_outbox').select(['event_id', 'recipient']).where('kind', '=', 'timesheet-reminder').where(sql<boolean>`details @> ${JSON.stringify({ period: next })}::jsonb`).execute();
    expect(queued).toEqual([{ event_id: reminderKey('timesheet-reminder', other, oz.userId, next), recipient: oz.email }]);
    await sent();
  });

  it('leave alone a company locked for its subscription, whose people could not submit; with billing off there is none', async () => {
    // Other Co's 30-day trial ended on 3 April and nobody subscribed; its reminders of the week of 1 April are due on the 11th.
    expect(await sweepAt('2030-04-11T09:30')).toBe(0);
    expect(await sweepAt('2030-04-11T09:30', undefined, true)).toBeGreaterThan(0);
    await sent();
  });
});
