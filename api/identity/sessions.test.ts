import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { readModelsInclude } from '../../tests/support/read-models.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { createCompany, inviteAndAccept, signedInUser, TEST_PASSWORD } from '../../tests/support/users.ts';
import { sessionMessages } from '../http/session.ts';
import { SIGNED_OUT_CLOSE } from '../live/routes.ts';

let server: TestServer;
/** A second API process on the same database that runs no projections: it hears of ended sessions by notification. */
let second: TestServer;
beforeAll(async () => {
  const jwtSecret = 'shared-by-every-api-process';
  server = await startTestServer({ jwtSecret });
  second = await startTestServer({ jwtSecret, databaseUrl: server.databaseUrl, runProjections: false });
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

async function send(to: TestServer, method: string, path: string, options: { cookie?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${to.url}${path}`, {
    method,
    headers: {
      'x-requested-with': 'timeledger',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  const answer = text ? JSON.parse(text) : null;
  await readModelsInclude(server, answer);
  return { status: response.status, body: answer, headers: response.headers };
}

async function signIn(email: string, password = TEST_PASSWORD, rememberMe = false) {
  const login = await send(server, 'POST', '/api/auth/login', { body: { email, password, rememberMe } });
  expect(login.status).toBe(200);
  return login.headers.get('set-cookie')!.split(';')[0];
}

const me = async (to: TestServer, cookie: string) => (await send(to, 'GET', '/api/me', { cookie })).status;

describe('sessions', () => {
  it('closes the live sockets of a session when it ends, in every API process', async () => {
    const user = await signedInUser(server, 'socket@example.com');
    const open = async (to: TestServer) => {
      const socket = new WebSocket(`${to.url.replace('http', 'ws')}/api/live`, { headers: { cookie: user.cookie } });
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      await new Promise((resolve) => socket.once('message', resolve));
      return { closed };
    };
    const [here, there] = [await open(server), await open(second)];
    expect((await send(second, 'POST', '/api/auth/logout', { cookie: user.cookie })).status).toBe(204);
    expect(await here.closed).toBe(SIGNED_OUT_CLOSE);
    expect(await there.closed).toBe(SIGNED_OUT_CLOSE);
  });

  it('logging out ends that session at once in every API process; the user’s other sessions go on', async () => {
    const user = await signedInUser(server, 'leaving@example.com');
    const phone = await signIn(user.email, TEST_PASSWORD, true);
    expect(await me(server, user.cookie)).toBe(200);
    expect(await me(second, user.cookie)).toBe(200);

    const out = await send(server, 'POST', '/api/auth/logout', { cookie: user.cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^tl_session=;/);
    expect(await me(server, user.cookie)).toBe(401);
    expect(await me(second, user.cookie)).toBe(401);
    expect(await me(server, phone)).toBe(200);
    expect(await me(second, phone)).toBe(200);

    // Logging out in the process that runs no projections ends the session in the other one too.
    expect((await send(second, 'POST', '/api/auth/logout', { cookie: phone })).status).toBe(204);
    expect(await me(server, phone)).toBe(401);
    expect(await me(second, phone)).toBe(401);
  });

  it('a password reset ends every session of the account, in every API process', async () => {
    const user = await signedInUser(server, 'reset-everywhere@example.com');
    const remembered = await signIn(user.email, TEST_PASSWORD, true);
    expect(await me(second, remembered)).toBe(200);

    const before = server.mailbox.received.length;
    await send(server, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const link = new URL(await server.mailbox.linkTo(user.email, '/auth/reset-password', before));
    const newPassword = 'Brand&New1';
    const reset = await send(server, 'POST', '/api/auth/reset-password', {
      body: { userId: link.searchParams.get('u'), token: link.searchParams.get('t'), password: newPassword },
    });
    expect(reset.status).toBe(200);

    for (const cookie of [user.cookie, remembered]) {
      expect(await me(server, cookie)).toBe(401);
      expect(await me(second, cookie)).toBe(401);
    }
    const fresh = await signIn(user.email, newPassword);
    expect(await me(second, fresh)).toBe(200);
  });

  it('signs out a member removed from their only company, not one who still belongs to another', async () => {
    const admin = await signedInUser(server, 'remover@example.com', 'Rita Remover');
    const companyId = await createCompany(admin, 'Removals');
    const teamId = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Crew' })).body.teamId;
    const loner = await signedInUser(server, 'loner@example.com', 'Lonny Loner');
    const busy = await signedInUser(server, 'busy@example.com', 'Bea Busy');
    await createCompany(busy, 'Busy Own Company');
    await inviteAndAccept(server, admin, companyId, loner, 'Member', [teamId]);
    await inviteAndAccept(server, admin, companyId, busy, 'Member', [teamId]);

    for (const member of [loner, busy]) {
      expect((await send(server, 'DELETE', `/api/companies/${companyId}/members/${member.userId}`, { cookie: admin.cookie })).status).toBe(200);
    }
    expect(await me(server, loner.cookie)).toBe(401);
    expect(await me(second, loner.cookie)).toBe(401);
    expect(await me(server, busy.cookie)).toBe(200);
    expect((await send(server, 'GET', `/api/companies/${companyId}/timer`, { cookie: busy.cookie })).status).toBe(404);
  });
});

describe('personal API tokens', () => {
  it('track time and read, but cannot create a company, invite, or change anything else', async () => {
    const owner = await signedInUser(server, 'agent-owner@example.com', 'Otto Owner');
    const companyId = await createCompany(owner, 'Agents');
    const teamId = (await owner.call('POST', `/api/companies/${companyId}/teams`, { name: 'Desk' })).body.teamId;
    const projectId = (await owner.call('POST', `/api/companies/${companyId}/projects`, { name: 'Desktop Work' })).body.projectId;
    const taskId = (
      await owner.call('POST', `/api/companies/${companyId}/tasks`, {
        projectId,
        title: 'Tracked by the agent',
        description: 'x',
        status: 'TO DO',
        priority: 'P2',
        eta: null,
        assigneeId: owner.userId,
      })
    ).body.taskId;
    const token = (await owner.call('POST', '/api/me/tokens', { name: 'Desktop agent' })).body.token;

    expect((await send(server, 'POST', `/api/companies/${companyId}/punch/in`, { token, body: {} })).status).toBe(200);
    const started = await send(server, 'POST', `/api/companies/${companyId}/timer/start`, { token, body: { teamId, projectId, taskId } });
    expect(started.status).toBe(200);
    expect(started.body.session.source).toBe('desktop');
    expect((await send(server, 'POST', `/api/companies/${companyId}/timer/heartbeat`, { token, body: { sessionId: started.body.session.sessionId } })).status).toBe(200);
    expect((await send(server, 'GET', `/api/companies/${companyId}/timer`, { token })).status).toBe(200);
    expect((await send(server, 'GET', '/api/me', { token })).status).toBe(200);

    const refused = [
      await send(server, 'POST', '/api/companies', {
        token,
        body: { name: 'Token Company', location: { country: 'India', code: 'IN' }, timeZone: 'Asia/Kolkata', workingHours: { start: '09:00', end: '18:00' } },
      }),
      await send(server, 'POST', `/api/companies/${companyId}/invites`, { token, body: { emails: ['intruder@example.com'], role: 'Admin', teamIds: [] } }),
      await send(server, 'PATCH', '/api/me', { token, body: { name: 'Renamed By Token' } }),
      await send(server, 'POST', `/api/companies/${companyId}/teams`, { token, body: { name: 'Token Team' } }),
    ];
    for (const answer of refused) expect(answer).toMatchObject({ status: 403, body: { message: sessionMessages.apiTokenOnlyTracks } });
    const companies = await owner.call('GET', '/api/companies');
    expect(companies.body.map((c: { companyName: string }) => c.companyName)).toEqual(['Agents']);
    expect(server.mailbox.received.some((mail) => mail.to.includes('intruder@example.com'))).toBe(false);

    expect((await send(server, 'POST', `/api/companies/${companyId}/timer/cancel`, { token, body: {} })).status).toBe(200);
  });
});

describe('a personal API token used the moment it is created', () => {
  it('is found once the read models include the position its creation answered, when the request names it', async () => {
    const owner = await signedInUser(server, 'agent-at-once@example.com', 'Ana At-Once');
    // The token's read model is held back: its table is locked against writes until the request is on its way.
    const blocker = new pg.Client({ connectionString: server.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE api_tokens IN EXCLUSIVE MODE');
      const created = await fetch(`${server.url}/api/me/tokens`, {
        method: 'POST',
        headers: { 'x-requested-with': 'timeledger', 'content-type': 'application/json', cookie: owner.cookie },
        body: JSON.stringify({ name: 'Desktop agent' }),
      }).then((response) => response.json());
      const asAgent = (readAfter: string | null) =>
        fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${created.token}`, ...(readAfter ? { 'x-read-after': readAfter } : {}) } });

      expect((await asAgent(null)).status).toBe(401);
      const answer = asAgent(created.position);
      setTimeout(() => void blocker.query('COMMIT'), 300);
      expect((await answer).status).toBe(200);
    } finally {
      await blocker.end();
    }
  });
});

describe('revoking personal API tokens', () => {
  /** As the desktop agent asks: its very next request, without waiting for anything. */
  const statusWithToken = async (to: TestServer, token: string) => (await fetch(`${to.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status;
  /** Sent as the browser sends it; the answer is not followed by any wait for the read models. */
  const rawSend = async (to: TestServer, method: string, path: string, { cookie, body }: { cookie?: string; body?: unknown } = {}) =>
    (
      await fetch(`${to.url}${path}`, {
        method,
        headers: { 'x-requested-with': 'timeledger', ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      })
    ).status;
  const newToken = async (cookie: string, name: string): Promise<{ tokenId: string; token: string }> => (await send(server, 'POST', '/api/me/tokens', { cookie, body: { name } })).body;

  it('refuses a revoked token on the very next request, in every API process', async () => {
    const user = await signedInUser(server, 'revoker@example.com');
    for (const [revokedIn, index] of [[server, 1], [second, 2], [server, 3], [second, 4]] as const) {
      const { tokenId, token } = await newToken(user.cookie, `Agent ${index}`);
      expect(await statusWithToken(second, token)).toBe(200);
      expect(await rawSend(revokedIn, 'DELETE', `/api/me/tokens/${tokenId}`, { cookie: user.cookie })).toBe(200);
      expect(await statusWithToken(second, token)).toBe(401);
      expect(await statusWithToken(server, token)).toBe(401);
    }
  });

  async function resetPassword(email: string, password: string, extra: { revokeApiTokens?: boolean } = {}) {
    const before = server.mailbox.received.length;
    await send(server, 'POST', '/api/auth/forgot-password', { body: { email } });
    const link = new URL(await server.mailbox.linkTo(email, '/auth/reset-password', before));
    return rawSend(server, 'POST', '/api/auth/reset-password', { body: { userId: link.searchParams.get('u'), token: link.searchParams.get('t'), password, ...extra } });
  }

  it('a password reset revokes every API token of the account unless asked to keep them', async () => {
    const user = await signedInUser(server, 'reset-tokens@example.com');
    const [laptop, desktop] = [await newToken(user.cookie, 'Laptop'), await newToken(user.cookie, 'Desktop')];
    expect(await resetPassword(user.email, 'Brand&New2')).toBe(200);
    for (const { token } of [laptop, desktop]) {
      expect(await statusWithToken(second, token)).toBe(401);
      expect(await statusWithToken(server, token)).toBe(401);
    }

    const cookie = await signIn(user.email, 'Brand&New2');
    const kept = await newToken(cookie, 'Kept');
    expect(await resetPassword(user.email, 'Brand&New3', { revokeApiTokens: false })).toBe(200);
    expect(await statusWithToken(second, kept.token)).toBe(200);
    const listed = (await send(server, 'GET', '/api/me/tokens', { cookie: await signIn(user.email, 'Brand&New3') })).body;
    const live = Object.fromEntries(listed.map((t: { name: string; revokedAt: string | null }) => [t.name, t.revokedAt === null]));
    expect(live).toEqual({ Laptop: false, Desktop: false, Kept: true });
  });
});
