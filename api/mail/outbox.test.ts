import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { callApi, createCompany, signedInUser } from '../../tests/support/users.ts';
import { type BackgroundWork, startBackgroundWork } from '../background.ts';
import { hashLinkToken, mailedLinkToken } from '../identity/tokens.ts';
import { DIGEST_NAMES, mailOf, writeMail } from './outbox.ts';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

const recorded = (type: string, data: unknown, streamId = 'account-00000000-0000-4000-8000-000000000001'): RecordedEvent => ({
  eventId: '00000000-0000-4000-8000-0000000000e1',
  streamId,
  version: 2,
  position: { commit: 1n, prepare: 1n },
  type,
  data,
  metadata: { correlationId: 'test' },
  recordedAt: '2026-03-01T10:00:00.000Z',
});

describe('the mails events ask for', () => {
  const linkId = '00000000-0000-4000-8000-0000000000f1';
  const link = { tokenHash: 'a'.repeat(64), expiresAt: '2026-03-01T11:00:00.000Z' };

  it('writes the link from the key and the event’s link id: its secret matches the hash the decider keeps', () => {
    const mail = mailOf(recorded('PasswordResetRequested', { ...link, linkId, email: 'ada@example.com' }))!;
    expect(mail).toEqual({ eventId: '00000000-0000-4000-8000-0000000000e1', to: 'ada@example.com', linkId, details: { kind: 'reset-password', userId: '00000000-0000-4000-8000-000000000001' } });
    const written = writeMail(mail, { linkKey: 'key', publicUrl: 'https://timeledger.example' });
    const url = new URL(written.links[0]);
    expect(url.pathname).toBe('/auth/reset-password');
    expect(url.searchParams.get('u')).toBe('00000000-0000-4000-8000-000000000001');
    expect(hashLinkToken(url.searchParams.get('t')!)).toBe(hashLinkToken(mailedLinkToken('key', linkId)));
    expect(written.text).toContain(written.links[0]);
    // Another key writes another secret.
    expect(writeMail(mail, { linkKey: 'other', publicUrl: 'https://timeledger.example' }).links[0]).not.toBe(written.links[0]);
  });

  it('asks nothing of events written before mails went through the outbox: their mail went then', () => {
    expect(mailOf(recorded('PasswordResetRequested', link))).toBeNull();
    expect(mailOf(recorded('EmailVerificationIssued', link))).toBeNull();
    expect(mailOf(recorded('InviteRoleChanged', { inviteId: linkId, companyId: linkId, email: 'a@b.co', role: 'Member', ...link }))).toBeNull();
    expect(mailOf(recorded('EmailVerified', { userId: linkId, verifiedAt: link.expiresAt }))).toBeNull();
  });

  it('asks a person to enable the desktop agent: who asks, in which company, their note, and a link to the profile with no secret', () => {
    const by = { userId: linkId, name: 'Max Manager' };
    const event = { companyId: linkId, companyName: 'Acme', userId: linkId, name: 'Ana', email: 'ana@example.com', by, message: 'Please, by Friday.', at: link.expiresAt };
    const mail = mailOf(recorded('MonitoringRequested', event, `monitoring-${linkId}-${linkId}`))!;
    expect(mail).toEqual({
      eventId: '00000000-0000-4000-8000-0000000000e1',
      to: 'ana@example.com',
      linkId: '00000000-0000-4000-8000-0000000000e1',
      details: { kind: 'monitoring-request', companyName: 'Acme', requester: 'Max Manager', message: 'Please, by Friday.' },
    });
    const written = writeMail(mail, { linkKey: 'key', publicUrl: 'https://timeledger.example' });
    expect(written.links).toEqual(['https://timeledger.example/profile']);
    expect(written.subject).toBe('“Max Manager” asks you to enable the Timeledger desktop agent');
    expect(written.text).toContain('Max Manager of Acme asks you to enable the Timeledger desktop agent');
    expect(written.text).toContain('Please, by Friday.');
    expect(written.text).toContain('https://timeledger.example/profile');
    expect(writeMail({ ...mail, details: { ...mail.details, message: null } as typeof mail.details }, { linkKey: 'key', publicUrl: 'https://timeledger.example' }).text).not.toContain('wrote:');
  });

  it('writes the names people chose quoted and cut in the subject, and never as a link: the only link is ours', () => {
    const prize = 'Claim your prize at http://evil.example/win-big-now';
    const invitedBy = { userId: linkId, name: 'Visit www.prize.com today', email: 'spam@example.com' };
    const event = { inviteId: linkId, companyId: linkId, companyName: prize, email: 'ana@example.com', role: 'Member', teamId: linkId, teamName: 'evil.com/team', projects: [], invitedBy, ...link, linkId, sentAt: link.expiresAt, replacing: null };
    const written = writeMail(mailOf(recorded('InviteSent', event, `invitations-${linkId}-ana@example.com`))!, { linkKey: 'key', publicUrl: 'https://timeledger.example' });
    expect(written.subject).toBe('“Visit www[.]prize[.]com today” invited you to “Claim your prize at http[:]//evil[.]exa…” on Timeledger');
    expect(written.text).toContain('Visit www[.]prize[.]com today invited you to join the team evil[.]com/team of Claim your prize at http[:]//evil[.]example/win-big-now as Member.');
    expect(written.links).toEqual([expect.stringMatching(/^https:\/\/timeledger\.example\/invitation\?i=/)]);
    // Nothing else a mail client would link: only our link has a scheme or a domain.
    const linkLike = /[a-z][a-z0-9+.-]*:\/\/\S+|www\.\S+|[\p{L}\p{N}_-]\.\p{L}{2,}\S*/giu;
    expect(`${written.subject}\n${written.text}`.match(linkLike)).toEqual(written.links);

    const request = { companyId: linkId, companyName: prize, userId: linkId, name: 'Ana', email: 'ana@example.com', by: { userId: linkId, name: 'http://evil.example' }, message: 'See https://evil.example/x', at: link.expiresAt };
    const asked = writeMail(mailOf(recorded('MonitoringRequested', request, `monitoring-${linkId}-${linkId}`))!, { linkKey: 'key', publicUrl: 'https://timeledger.example' });
    expect(asked.subject).toBe('“http[:]//evil[.]example” asks you to enable the Timeledger desktop agent');
    expect(`${asked.subject}\n${asked.text}`.match(linkLike)).toEqual(['https://timeledger.example/profile']);
  });

  it('asks nothing for a role change within the cool-down: it carries the link mailed before and no link id', () => {
    const invitedBy = { userId: linkId, name: 'Ada', email: 'ada@example.com' };
    const quiet = { inviteId: linkId, companyId: linkId, email: 'a@b.co', role: 'Manager', ...link, companyName: 'Acme', teamName: 'Apollo', invitedBy };
    expect(mailOf(recorded('InviteRoleChanged', quiet))).toBeNull();
    expect(mailOf(recorded('InviteRoleChanged', { ...quiet, linkId }))).not.toBeNull();
  });

  it('mails no address that cannot exist (the .invalid domain, as the demo company’s people have)', () => {
    expect(mailOf(recorded('PasswordResetRequested', { ...link, linkId, email: 'priya@demo.timeledger.invalid' }))).toBeNull();
    expect(mailOf(recorded('PasswordResetRequested', { ...link, linkId, email: 'priya@invalid.example.com' }))).not.toBeNull();
  });
});

describe('timesheet reminders', () => {
  const key = '00000000-0000-4000-8000-0000000000f2';
  const period = { start: '2026-11-23', end: '2026-11-29' };
  const options = { linkKey: 'key', publicUrl: 'https://timeledger.example' };

  it('asks a person to submit the period’s timesheet, with a link to it and no secret', () => {
    const written = writeMail({ to: 'ana@example.com', linkId: key, details: { kind: 'timesheet-reminder', companyName: 'Acme', period } }, options);
    expect(written.subject).toBe('Your timesheet for 23 Nov – 29 Nov 2026 is waiting to be submitted');
    expect(written.links).toEqual(['https://timeledger.example/timesheet?day=2026-11-23']);
    expect(written.text).toContain('Your timesheet at Acme for 23 Nov – 29 Nov 2026 has not been submitted yet.');
    expect(written.text).toContain(written.links[0]);
  });

  it('lists the people whose timesheets wait for the approver, never as links, the rest counted past 50', () => {
    const digest = (people: string[]) => writeMail({ to: 'max@example.com', linkId: key, details: { kind: 'timesheet-digest', companyName: 'www.acme.com', period, people } }, options);
    const one = digest(['Ana Apollo']);
    expect(one.subject).toBe('1 timesheet for 23 Nov – 29 Nov 2026 is waiting for your approval');
    expect(one.links).toEqual(['https://timeledger.example/timesheets']);
    expect(one.text).toContain('These timesheets at www[.]acme[.]com for 23 Nov – 29 Nov 2026 are waiting for your approval:\n\n- Ana Apollo\n\nApprove or reject them here:\nhttps://timeledger.example/timesheets');

    const many = digest(Array.from({ length: DIGEST_NAMES + 2 }, (_, i) => (i === 0 ? 'http://evil.example' : `Person ${i}`)));
    expect(many.subject).toBe(`${DIGEST_NAMES + 2} timesheets for 23 Nov – 29 Nov 2026 are waiting for your approval`);
    expect(many.text).toContain('- http[:]//evil[.]example\n- Person 1\n');
    expect(many.text).toContain(`- Person ${DIGEST_NAMES - 1}\n… and 2 more`);
    expect(many.text).not.toContain(`Person ${DIGEST_NAMES}\n`);
  });
});

describe('mail while the mail server is down', () => {
  let server: TestServer;
  let secondProcess: BackgroundWork;

  beforeAll(async () => {
    server = await startTestServer();
    // Another process following the log and sending, as a second API or worker would.
    secondProcess = await startBackgroundWork({ databaseUrl: server.databaseUrl, log, settings: server.background });
  });
  afterAll(async () => {
    await secondProcess.stop();
    await server.close();
  });

  it('answers at once, loses nothing, and sends every mail once when the server is back', async () => {
    const admin = await signedInUser(server, 'admin@down.test', 'Ada Admin');
    const companyId = await createCompany(admin, 'Downtime');
    const teamId = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Crew' })).body.teamId;
    const before = server.mailbox.received.length;

    await server.mailbox.goDown();
    const newcomers = ['one@down.test', 'two@down.test'];
    for (const email of newcomers) {
      expect((await callApi(server, null, 'POST', '/api/auth/sign-up', { fullName: 'New Comer', email, password: 'Hopper#1906' })).status).toBe(201);
    }
    const invitees = ['x@down.test', 'y@down.test', 'z@down.test'];
    const invited = await admin.call('POST', `/api/companies/${companyId}/invites`, { emails: invitees, role: 'Member', teamIds: [teamId] });
    expect(invited.body.results.map((result: { sent: boolean }) => result.sent)).toEqual([true, true, true]);
    expect((await callApi(server, null, 'POST', '/api/auth/forgot-password', { email: admin.email })).status).toBe(200);

    const expected = [...newcomers, ...invitees, admin.email].sort();
    const queued = () => server.db.selectFrom('mail_outbox').select(['recipient', 'attempts', 'last_error', 'sent_at']).where('recipient', 'in', expected).execute();
    // Every mail was tried, and failed.
    await expect.poll(async () => (await queued()).filter((mail) => mail.attempts > 0 && mail.last_error && !mail.sent_at).length, { timeout: 10_000 }).toBe(6);
    expect(server.mailbox.received.length).toBe(before);

    await server.mailbox.comeBack();
    const arrived = () => server.mailbox.received.slice(before).flatMap((mail) => mail.to).sort();
    await expect.poll(arrived, { timeout: 20_000 }).toEqual(expected);
    await expect.poll(async () => (await queued()).every((mail) => mail.sent_at !== null), { timeout: 5_000 }).toBe(true);

    // Nothing goes twice: a mail after them all arrives alone.
    const marker = await callApi(server, null, 'POST', '/api/auth/sign-up', { fullName: 'Last Comer', email: 'last@down.test', password: 'Hopper#1906' });
    expect(marker.status).toBe(201);
    await server.mailbox.linkTo('last@down.test', '/auth/verify-email', before);
    expect(arrived()).toEqual([...expected, 'last@down.test'].sort());
    // And each link works.
    const link = new URL(await server.mailbox.linkTo('x@down.test', '/invitation', before));
    expect((await admin.call('GET', `/api/invitations/${link.searchParams.get('i')}`)).status).toBe(200);
  });
});
