import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedHeader, decodedText } from '../../tests/support/mailbox.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, callApi, createCompany, signedInUser } from '../../tests/support/users.ts';
import { tooManyMailsMessage } from '../mail/recipient-limit.ts';
import { limitMessages } from './limits.ts';

/**
 * The invitation mail flood (abuse finding): a brand-new account made 5
 * companies named "Claim your prize at http://evil.example/…", invited one
 * outside address from each and flipped the invitation's role 12 times; the
 * address got 17 mails in seconds, the sender's text in their subjects.
 */
const COMPANIES_PER_DAY = 3;
const MAILS_PER_ADDRESS_PER_DAY = 5;
const INVITES_PER_HOUR = 10;
const INVITES_PER_PERSON_PER_HOUR = 12;
const PRIZE = 'Claim your prize at http://evil.example/win';

let server: TestServer;
/** The server's clock: it moves only when a test moves it, so the limits' buckets refill only then. */
let clock = new Date();
let spammer: ApiUser;
const spamCompanies: string[] = [];

const eventCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(server.db)).rows[0].n);
const as = (user: ApiUser, method: string, path: string, body?: unknown) => callApi(server, user.cookie, method, path, body);
const invite = (user: ApiUser, companyId: string, body: { emails: string[]; role: string; teamIds?: string[] }) => as(user, 'POST', `/api/companies/${companyId}/invites`, body);
const newCompany = (user: ApiUser, name: string) =>
  as(user, 'POST', '/api/companies', { name, location: { country: 'India', code: 'IN' }, timeZone: 'Asia/Kolkata', workingHours: { start: '09:00', end: '18:00' } });
const newTeams = async (user: ApiUser, companyId: string, names: string[]) => {
  const teamIds: string[] = [];
  for (const name of names) teamIds.push((await as(user, 'POST', `/api/companies/${companyId}/teams`, { name })).body.teamId);
  return teamIds;
};
const mailsTo = (email: string) => server.mailbox.received.filter((mail) => mail.to.includes(email));
/** The mails the mail reactor queued for an address (one per event that asks for one). */
const queuedFor = async (email: string) => (await server.db.selectFrom('mail_outbox').select('event_id').where('recipient', '=', email).execute()).length;

beforeAll(async () => {
  server = await startTestServer({
    companiesPerDay: COMPANIES_PER_DAY,
    mailsPerAddressPerDay: MAILS_PER_ADDRESS_PER_DAY,
    invitesPerHour: INVITES_PER_HOUR,
    invitesPerPersonPerHour: INVITES_PER_PERSON_PER_HOUR,
    now: () => clock,
  });
  spammer = await signedInUser(server, 'prize@spam.test', 'Prize Desk');
});
afterAll(() => server.close());

describe('companies per account', () => {
  it('refuses a new account’s 4th company of the day with 429 and Retry-After, writing nothing', async () => {
    for (let i = 1; i <= COMPANIES_PER_DAY; i++) spamCompanies.push(await createCompany(spammer, `${PRIZE}/${i}`));
    const before = await eventCount();
    const fourth = await newCompany(spammer, `${PRIZE}/4`);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(limitMessages.companies(COMPANIES_PER_DAY));
    expect(fourth.body.message).toBe('You can create at most 3 companies a day. Try again tomorrow.');
    // One more company comes back after a third of a day.
    expect(fourth.headers.get('retry-after')).toBe(String(86_400 / COMPANIES_PER_DAY));
    expect(await eventCount()).toBe(before);
    expect((await newCompany(spammer, `${PRIZE}/5`)).status).toBe(429);
    expect((await as(spammer, 'GET', '/api/companies')).body).toHaveLength(COMPANIES_PER_DAY);
  });

  it('counts a refused form and a repeated request as nothing', async () => {
    const founder = await signedInUser(server, 'founder@limits.test', 'Fay Founder');
    expect((await newCompany(founder, 'AB')).status).toBe(400);
    const repeated = () =>
      fetch(`${server.url}/api/companies`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: founder.cookie, 'idempotency-key': 'one-company' },
        body: JSON.stringify({ name: 'Once Works', location: { country: 'India', code: 'IN' }, timeZone: 'Asia/Kolkata', workingHours: { start: '09:00', end: '18:00' } }),
      }).then((r) => r.json());
    const first = await repeated();
    expect((await repeated()).companyId).toBe(first.companyId);
    expect((await repeated()).companyId).toBe(first.companyId);
    expect((await newCompany(founder, 'Once Works')).status).toBe(409);
    // Three a day: the repeats and the refusals took none of them.
    expect((await newCompany(founder, 'Twice Works')).status).toBe(201);
    expect((await newCompany(founder, 'Thrice Works')).status).toBe(201);
    expect((await newCompany(founder, 'Fourth Works')).status).toBe(429);
  });
});

describe('invitation mails per address', () => {
  const victim = 'victim@outside.test';

  it('stops mailing one address after 5 invitations a day from all companies, refusing the invite that would pass it by naming the address', async () => {
    const [first, second, third] = spamCompanies;
    const firstTeams = await newTeams(spammer, first, ['Red', 'Green', 'Blue']);
    const thirdTeams = await newTeams(spammer, third, ['Cyan', 'Magenta']);
    expect((await invite(spammer, first, { emails: [victim], role: 'Member', teamIds: firstTeams })).body.results.map((r: { sent: boolean }) => r.sent)).toEqual([true, true, true]);
    expect((await invite(spammer, second, { emails: [victim], role: 'Admin' })).body.results[0].sent).toBe(true);

    // Two more would make 6: refused whole, naming the address, writing nothing.
    const before = await eventCount();
    const refused = await invite(spammer, third, { emails: [victim], role: 'Member', teamIds: thirdTeams });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(`${victim} has been sent too many invitations today. Try again tomorrow.`);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await eventCount()).toBe(before);

    // The 5th goes; then the address is spent, for any company and any sender.
    expect((await invite(spammer, third, { emails: [victim], role: 'Admin' })).body.results[0].sent).toBe(true);
    const stranger = await signedInUser(server, 'stranger@limits.test', 'Sam Stranger');
    const strangers = await createCompany(stranger, 'Stranger Things');
    const beforeStranger = await eventCount();
    const alsoRefused = await invite(stranger, strangers, { emails: ['fresh@outside.test', victim], role: 'Admin' });
    expect(alsoRefused.status).toBe(429);
    expect(alsoRefused.body.message).toBe(tooManyMailsMessage([victim], 'invitations'));
    expect(await eventCount()).toBe(beforeStranger);

    await expect.poll(() => mailsTo(victim).length).toBe(MAILS_PER_ADDRESS_PER_DAY);
    expect(await queuedFor(victim)).toBe(MAILS_PER_ADDRESS_PER_DAY);
    // The address that was refused with it was not counted: it is invited at once.
    expect((await invite(stranger, strangers, { emails: ['fresh@outside.test'], role: 'Admin' })).body.results[0].sent).toBe(true);
  });
});

describe('user-chosen names in mails', () => {
  it('quotes and cuts the company name in the subject, and leaves no link but ours in the mail', async () => {
    const reader = 'reader@outside.test';
    const before = server.mailbox.received.length;
    expect((await invite(spammer, spamCompanies[0], { emails: [reader], role: 'Admin' })).body.results[0].sent).toBe(true);
    const link = await server.mailbox.linkTo(reader, '/invitation', before);
    const [mail] = mailsTo(reader);
    expect(decodedHeader(mail.raw, 'Subject')).toBe('“Prize Desk” invited you to “Claim your prize at http[:]//evil[.]exa…” on Timeledger');
    expect(mail.links).toEqual([link]);
    expect(link.startsWith(`${server.url}/invitation?i=`)).toBe(true);
    const text = decodedText(mail.raw);
    expect(text).toContain('Prize Desk invited you to join Claim your prize at http[:]//evil[.]example/win/1 as Admin.');
    expect(text).not.toMatch(/evil\.example|:\/\/evil/);
  });
});

describe('invitations per company and per sender', () => {
  it('lets no more than the company’s hourly invitations through when requests arrive at once', async () => {
    const admin = await signedInUser(server, 'busy@limits.test', 'Bea Busy');
    const companyId = await createCompany(admin, 'Busy Works');
    const answers = await Promise.all(Array.from({ length: INVITES_PER_HOUR + 5 }, (_, i) => invite(admin, companyId, { emails: [`burst${i}@outside.test`], role: 'Admin' })));
    expect(answers.filter((answer) => answer.status === 200 && answer.body.results[0].sent)).toHaveLength(INVITES_PER_HOUR);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0].body.message).toBe(limitMessages.companyInvites);
    expect(await server.db.selectFrom('invites').select('invite_id').where('company_id', '=', companyId).execute()).toHaveLength(INVITES_PER_HOUR);
  });

  it('bounds the invitations one person sends in an hour, whichever of their companies sends them', async () => {
    const admin = await signedInUser(server, 'twice@limits.test', 'Tom Twice');
    const companies = [await createCompany(admin, 'One Works'), await createCompany(admin, 'Two Works')];
    for (const [index, companyId] of companies.entries()) {
      const emails = Array.from({ length: INVITES_PER_PERSON_PER_HOUR / 2 }, (_, i) => `person${index}-${i}@outside.test`);
      expect((await invite(admin, companyId, { emails, role: 'Admin' })).status).toBe(200);
    }
    const before = await eventCount();
    const refused = await invite(admin, companies[0], { emails: ['one-more@outside.test'], role: 'Admin' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('You can send at most 12 invitations an hour. Please try again later.');
    expect(await eventCount()).toBe(before);
  });
});

describe('changing the role of a pending invitation', () => {
  it('mails once for an invitation whose role is flipped 12 times within the hour; its link accepts with the last role', async () => {
    const admin = await signedInUser(server, 'flip@limits.test', 'Flo Flipper');
    const companyId = await createCompany(admin, 'Flip Works');
    const [apollo] = await newTeams(admin, companyId, ['Apollo']);
    const flipped = 'flipped@outside.test';
    const before = server.mailbox.received.length;
    expect((await invite(admin, companyId, { emails: [flipped], role: 'Member', teamIds: [apollo] })).body.results[0].sent).toBe(true);
    const link = await server.mailbox.linkTo(flipped, '/invitation', before);
    for (let flip = 0; flip < 12; flip++) {
      const role = flip % 2 === 0 ? 'Manager' : 'Member';
      expect((await invite(admin, companyId, { emails: [flipped], role, teamIds: [apollo] })).body.results[0]).toMatchObject({ sent: true, message: `Invitation updated to ${role} role` });
    }
    // More than the address's 5 a day, and none refused: the flips mailed nothing, so counted nothing.
    expect((await invite(admin, companyId, { emails: [flipped], role: 'Head', teamIds: [apollo] })).body.results[0].message).toBe('Invitation updated to Head role');

    // The mail reactor follows the log in order: once a later mail is queued, every flip has been seen.
    const marker = 'marker@outside.test';
    expect((await invite(admin, companyId, { emails: [marker], role: 'Admin' })).body.results[0].sent).toBe(true);
    await expect.poll(() => queuedFor(marker)).toBe(1);
    expect(await queuedFor(flipped)).toBe(1);

    const invitee = await signedInUser(server, flipped, 'Fin Flipped');
    const token = new URL(link).searchParams.get('i');
    expect((await callApi(server, null, 'GET', `/api/invitations/${token}`)).body.invitedAs).toBe('Head');
    expect((await as(invitee, 'POST', `/api/invitations/${token}/accept`)).status).toBe(200);
    const role = await server.db.selectFrom('team_members').select('role').where('team_id', '=', apollo).where('user_id', '=', invitee.userId).executeTakeFirstOrThrow();
    expect(role.role).toBe('Head');
  });

  it('mails a new link for a role change an hour after the last mail, voiding the one before', async () => {
    const admin = await signedInUser(server, 'later@limits.test', 'Lia Later');
    const companyId = await createCompany(admin, 'Later Works');
    const [gemini] = await newTeams(admin, companyId, ['Gemini']);
    const later = 'later@outside.test';
    const before = server.mailbox.received.length;
    expect((await invite(admin, companyId, { emails: [later], role: 'Member', teamIds: [gemini] })).body.results[0].sent).toBe(true);
    const firstLink = await server.mailbox.linkTo(later, '/invitation', before);
    expect((await invite(admin, companyId, { emails: [later], role: 'Manager', teamIds: [gemini] })).body.results[0].sent).toBe(true);

    clock = new Date(clock.getTime() + 3_600_000);
    const sentBefore = server.mailbox.received.length;
    expect((await invite(admin, companyId, { emails: [later], role: 'Member', teamIds: [gemini] })).body.results[0].message).toBe('Invitation updated to Member role');
    const secondLink = await server.mailbox.linkTo(later, '/invitation', sentBefore);
    expect(secondLink).not.toBe(firstLink);
    expect(await queuedFor(later)).toBe(2);
    expect((await callApi(server, null, 'GET', `/api/invitations/${new URL(firstLink).searchParams.get('i')}`)).status).toBe(404);
    expect((await callApi(server, null, 'GET', `/api/invitations/${new URL(secondLink).searchParams.get('i')}`)).body.invitedAs).toBe('Member');
  });
});
