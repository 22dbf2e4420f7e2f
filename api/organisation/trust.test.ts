import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteMessages } from '../../domain/invites/invitations.ts';
import { accessDenied } from '../../domain/members/roles.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../../tests/support/users.ts';
import { limitMessages } from './limits.ts';
import { MAX_INVITE_EMAILS } from './invite-routes.ts';

/**
 * The organisation's commands as an attacker would send them: a body naming
 * another command, people outside the caller's teams, a second acceptance of
 * someone else's invitation, a refused request that must write nothing.
 */
const INVITES_PER_HOUR = 60;
let server: TestServer;
let admin: ApiUser;
let manager: ApiUser;
let head: ApiUser;
let apolloMember: ApiUser;
let geminiMember: ApiUser;
let companyId: string;
let apollo: string;
let gemini: string;

const eventCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(server.db)).rows[0].n);
const membersUrl = (userId: string) => `/api/companies/${companyId}/members/${userId}`;
const teamRoles = async (userId: string) =>
  (await server.db.selectFrom('team_members').select(['team_id', 'role']).where('company_id', '=', companyId).where('user_id', '=', userId).orderBy('team_id').execute()).map(
    (r) => `${r.team_id === apollo ? 'Apollo' : r.team_id === gemini ? 'Gemini' : r.team_id}:${r.role}`,
  );

beforeAll(async () => {
  // The server's clock stands still, so the company's hourly invitations are not given back while the test runs.
  const startedAt = new Date();
  server = await startTestServer({ invitesPerHour: INVITES_PER_HOUR, now: () => startedAt });
  [admin, manager, head, apolloMember, geminiMember] = await Promise.all([
    signedInUser(server, 'ada@trust.test', 'Ada Admin'),
    signedInUser(server, 'max@trust.test', 'Max Manager'),
    signedInUser(server, 'hedy@trust.test', 'Hedy Head'),
    signedInUser(server, 'amy@trust.test', 'Amy Apollo'),
    signedInUser(server, 'gus@trust.test', 'Gus Gemini'),
  ]);
  companyId = await createCompany(admin, 'Trust Works');
  apollo = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' })).body.teamId;
  gemini = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Gemini' })).body.teamId;
  await inviteAndAccept(server, admin, companyId, manager, 'Manager', [apollo]);
  await inviteAndAccept(server, admin, companyId, head, 'Head', [gemini]);
  await inviteAndAccept(server, admin, companyId, apolloMember, 'Member', [apollo]);
  await inviteAndAccept(server, admin, companyId, geminiMember, 'Member', [gemini]);
});
afterAll(() => server.close());

describe('a body never chooses the command', () => {
  it('refuses a member edit that names another command, writing nothing (finding 1)', async () => {
    const before = await eventCount();
    for (const type of ['GrantAdmin', 'GrantTeamRole']) {
      const answer = await manager.call('PATCH', membersUrl(manager.userId), { type, name: 'Max', teamIds: [apollo], hourlyRate: null, teamId: apollo, role: 'Head' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/is not a known field/);
    }
    expect(await eventCount()).toBe(before);
    expect((await server.db.selectFrom('company_members').select('access_level').where('user_id', '=', manager.userId).executeTakeFirstOrThrow()).access_level).toBe('Manager');
  });

  it('refuses a company whose id the body names, even one that exists (finding 3b)', async () => {
    const before = await eventCount();
    const answer = await manager.call('POST', '/api/companies', {
      companyId,
      name: 'Hijack Works',
      location: { country: 'India', code: 'IN' },
      timeZone: 'Asia/Kolkata',
      workingHours: { start: '09:00', end: '18:00' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("'companyId' is not a known field");
    expect(await eventCount()).toBe(before);
  });

  it('refuses an edit of one’s own row', async () => {
    const answer = await manager.call('PATCH', membersUrl(manager.userId), { name: 'Max', teamIds: [apollo, gemini], hourlyRate: null });
    expect(answer.status).toBe(403);
  });
});

describe('Heads and Managers act only within their teams (finding 5)', () => {
  it('refuses adding a member of another team to one’s own team, and removing them from the company', async () => {
    const before = await eventCount();
    expect((await manager.call('PUT', `/api/companies/${companyId}/teams/${apollo}/members/${geminiMember.userId}`)).status).toBe(403);
    expect((await manager.call('DELETE', membersUrl(geminiMember.userId))).status).toBe(403);
    expect(await eventCount()).toBe(before);
    expect(await teamRoles(geminiMember.userId)).toEqual(['Gemini:Member']);
  });

  it('refuses a Manager adding a Head to their team', async () => {
    expect((await manager.call('PUT', `/api/companies/${companyId}/teams/${apollo}/members/${head.userId}`)).status).toBe(403);
    expect(await teamRoles(head.userId)).toEqual(['Gemini:Head']);
  });

  it('keeps a member’s roles in teams the editor does not manage', async () => {
    await admin.call('PUT', `/api/companies/${companyId}/teams/${gemini}/members/${apolloMember.userId}`);
    expect((await teamRoles(apolloMember.userId)).sort()).toEqual(['Apollo:Member', 'Gemini:Member']);
    const edited = await manager.call('PATCH', membersUrl(apolloMember.userId), { name: 'Amy A.', teamIds: [apollo], hourlyRate: null });
    expect(edited.status).toBe(200);
    expect((await teamRoles(apolloMember.userId)).sort()).toEqual(['Apollo:Member', 'Gemini:Member']);
    expect((await manager.call('PATCH', membersUrl(apolloMember.userId), { name: 'Amy A.', teamIds: [apollo, gemini], hourlyRate: null })).status).toBe(200);
    // Adding a team the Manager does not manage is refused.
    await admin.call('DELETE', `/api/companies/${companyId}/teams/${gemini}/members/${apolloMember.userId}`);
    expect((await manager.call('PATCH', membersUrl(apolloMember.userId), { name: 'Amy A.', teamIds: [apollo, gemini], hourlyRate: null })).status).toBe(403);
  });
});

describe('a refused request writes nothing (finding 9)', () => {
  it('creates no team when one of its members is unknown', async () => {
    const before = await eventCount();
    const answer = await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Ghost Team', memberIds: [manager.userId, randomUUID()] });
    expect(answer.status).toBe(404);
    expect(await eventCount()).toBe(before);
    expect(await server.db.selectFrom('teams').select('team_id').where('name', '=', 'Ghost Team').execute()).toEqual([]);
  });

  it('creates no team when a Head names someone outside their teams', async () => {
    const before = await eventCount();
    expect((await head.call('POST', `/api/companies/${companyId}/teams`, { name: 'Head Start', memberIds: [apolloMember.userId] })).status).toBe(403);
    expect(await eventCount()).toBe(before);
  });
});

describe('invitations', () => {
  it('lets only the invited account accept, once (finding 4)', async () => {
    const invitee = await signedInUser(server, 'ivy@trust.test', 'Ivy Invitee');
    const intruder = await signedInUser(server, 'ian@trust.test', 'Ian Intruder');
    const before = server.mailbox.received.length;
    expect((await admin.call('POST', `/api/companies/${companyId}/invites`, { emails: [invitee.email], role: 'Admin' })).body.results[0].sent).toBe(true);
    const token = new URL(await server.mailbox.linkTo(invitee.email, '/invitation', before)).searchParams.get('i');
    expect((await intruder.call('POST', `/api/invitations/${token}/accept`)).body.message).toBe(inviteMessages.wrongAccount);
    expect((await invitee.call('POST', `/api/invitations/${token}/accept`)).status).toBe(200);
    const again = await intruder.call('POST', `/api/invitations/${token}/accept`);
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(inviteMessages.wrongAccount);
    const intruderCompanies = await server.db.selectFrom('company_members').select('company_id').where('user_id', '=', intruder.userId).execute();
    expect(intruderCompanies).toEqual([]);
    // The invitee repeating it changes nothing.
    expect((await invitee.call('POST', `/api/invitations/${token}/accept`)).status).toBe(200);
  });

  it('refuses a Manager sending a Client or an Admin invite (finding 13)', async () => {
    const projectId = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Client Portal' })).body.projectId;
    const before = await eventCount();
    const client = await manager.call('POST', `/api/companies/${companyId}/invites`, { emails: ['client@trust.test'], role: 'Client', projectIds: [projectId] });
    expect(client.status).toBe(403);
    expect(client.body.message).toBe(accessDenied);
    expect((await manager.call('POST', `/api/companies/${companyId}/invites`, { emails: ['boss@trust.test'], role: 'Admin' })).status).toBe(403);
    expect((await manager.call('POST', `/api/companies/${companyId}/invites`, { emails: ['g@trust.test'], role: 'Member', teamIds: [gemini] })).status).toBe(403);
    expect(await eventCount()).toBe(before);
  });

  it('writes and mails every team’s invite of one request sent with an Idempotency-Key, once (finding 12)', async () => {
    const email = 'multi@trust.test';
    const before = server.mailbox.received.length;
    const send = () =>
      fetch(`${server.url}/api/companies/${companyId}/invites`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'application/json', 'idempotency-key': 'multi-team-1' },
        body: JSON.stringify({ emails: [email], role: 'Member', teamIds: [apollo, gemini] }),
      }).then((r) => r.json());
    const first = await send();
    expect(first.results.map((r: { sent: boolean }) => r.sent)).toEqual([true, true]);
    const repeated = await send();
    expect(repeated.results.map((r: { sent: boolean }) => r.sent)).toEqual([true, true]);
    const invites = async () => (await server.db.selectFrom('invites').select('team_id').where('email', '=', email).execute()).map((i) => i.team_id).sort();
    await expect.poll(invites).toEqual([apollo, gemini].sort());
    // Two mails, one per team, each link opening its own invite; the repeat queued nothing.
    const mailed = () =>
      server.mailbox.received
        .slice(before)
        .filter((mail) => mail.to.includes(email))
        .flatMap((mail) => mail.links.filter((link) => link.includes('/invitation?')));
    await expect.poll(mailed).toHaveLength(2);
    const queued = () => server.db.selectFrom('mail_outbox').select('sent_at').where('recipient', '=', email).execute();
    await expect.poll(queued).toEqual([{ sent_at: expect.any(Date) }, { sent_at: expect.any(Date) }]);
    const links = mailed();
    expect(links).toHaveLength(2);
    const opened = [];
    for (const link of links) opened.push((await admin.call('GET', `/api/invitations/${new URL(link).searchParams.get('i')}`)).body.teamName);
    expect(opened.sort()).toEqual(['Apollo', 'Gemini']);
  });

  it('bounds one request’s e-mails (finding 12)', async () => {
    const emails = Array.from({ length: MAX_INVITE_EMAILS + 1 }, (_, i) => `bulk${i}@trust.test`);
    expect((await admin.call('POST', `/api/companies/${companyId}/invites`, { emails, role: 'Member', teamIds: [apollo] })).status).toBe(400);
  });

  it('bounds the invitations a company sends in an hour (finding 12)', async () => {
    const sentSoFar = Number((await server.db.selectFrom('invites').select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow()).n);
    let remaining = INVITES_PER_HOUR - sentSoFar;
    for (let batch = 0; remaining > 0; batch++) {
      const size = Math.min(MAX_INVITE_EMAILS, remaining);
      const emails = Array.from({ length: size }, (_, i) => `rate${batch}-${i}@trust.test`);
      const answer = await admin.call('POST', `/api/companies/${companyId}/invites`, { emails, role: 'Member', teamIds: [apollo] });
      expect(answer.status).toBe(200);
      remaining -= size;
    }
    const before = await eventCount();
    const refused = await admin.call('POST', `/api/companies/${companyId}/invites`, { emails: ['one-too-many@trust.test'], role: 'Member', teamIds: [apollo] });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(limitMessages.companyInvites);
    expect(await eventCount()).toBe(before);
  });
});
