import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { signedInUser, TEST_PASSWORD } from '../../tests/support/users.ts';
import { RESET_MAILS_PER_WINDOW } from '../../domain/identity/account.ts';
import { identityMessages } from './service.ts';
import { FREE_FAILURES, signInDelayMs, signInFailures } from './sign-in-failures.ts';
import { RESET_MAILS_PER_ADDRESS } from './routes.ts';

async function post(server: TestServer, path: string, body: unknown, from?: string) {
  const started = Date.now();
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), ms: Date.now() - started };
}

const logIn = (server: TestServer, email: string, password: string, from?: string) => post(server, '/api/auth/login', { email, password }, from);

describe('sign-in limits per address (AUTH_RATE_LIMIT 6, no trusted proxy)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ authRateLimit: 6 });
  });
  afterAll(() => server.close());

  it('limits guesses at one account from one address', async () => {
    const attempts = await Promise.all(Array.from({ length: 8 }, () => logIn(server, 'flood@example.com', 'Nope#1234')));
    expect(attempts.map((a) => a.status).sort()).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it('limits one address trying a password on many accounts', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await logIn(server, `spray-${i}@example.com`, 'Spring#2026')).status);
    const firstRefused = answers.indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(answers.slice(0, firstRefused).every((status) => status === 401)).toBe(true);
    expect(answers.slice(firstRefused).every((status) => status === 429)).toBe(true);
  });

  it('believes no X-Forwarded-For when no proxy is trusted: a rotating one does not escape the limit', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) answers.push((await logIn(server, 'rotating@example.com', `Guess#${i}`, `203.0.113.${i + 1}`)).status);
    expect(answers).toContain(429);
  });
});

describe('sign-in limits across API processes', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer({ authRateLimit: 6 });
    second = await startTestServer({ authRateLimit: 6, databaseUrl: first.databaseUrl, runProjections: false });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('counts the attempts of one address in every process together, as behind a load balancer', async () => {
    const attempts = await Promise.all(Array.from({ length: 8 }, (_, i) => logIn(i % 2 === 0 ? first : second, 'balanced@example.com', 'Nope#1234')));
    expect(attempts.map((a) => a.status).sort()).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });
});

describe('behind a trusted proxy (TRUST_PROXY), from many addresses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: true });
  });
  afterAll(() => server.close());

  it('slows down guessing one account from many addresses, and the right password still signs in', async () => {
    const user = await signedInUser(server, 'guessed@example.com');
    let address = 0;
    const attempt = (password: string) => logIn(server, user.email, password, `198.51.100.${++address}`);

    for (let i = 0; i < FREE_FAILURES; i++) expect((await attempt(`Wrong#${i}`)).status).toBe(401);
    const slowed = [await attempt('Wrong#a'), await attempt('Wrong#b')];
    expect(slowed.map((a) => a.status)).toEqual([401, 401]);
    expect(slowed[0].ms).toBeGreaterThanOrEqual(signInDelayMs(FREE_FAILURES));
    expect(slowed[1].ms).toBeGreaterThanOrEqual(signInDelayMs(FREE_FAILURES + 1));

    const right = await attempt(TEST_PASSWORD);
    expect(right.status).toBe(200);
    expect(right.ms).toBeGreaterThanOrEqual(signInDelayMs(FREE_FAILURES + 2));
    // Signed in: the failures are forgotten.
    expect(await server.db.selectFrom('sign_in_failures').selectAll().where('email', '=', user.email).executeTakeFirst()).toBeUndefined();
  });

  it('forgets failures past their 15 minutes, for e-mails nobody signs in to', async () => {
    const failures = signInFailures(server.db);
    await failures.countAttempt('nobody-old@example.com');
    await failures.countAttempt('nobody-new@example.com');
    await server.db.updateTable('sign_in_failures').set({ last_failed_at: new Date(Date.now() - 16 * 60_000) }).where('email', '=', 'nobody-old@example.com').execute();
    await failures.forgetStale();
    const left = await server.db.selectFrom('sign_in_failures').select('email').where('email', 'like', 'nobody-%').execute();
    expect(left.map((row) => row.email)).toEqual(['nobody-new@example.com']);
  });

  /** Reset mails are sent one after another, after the answers: once this one arrived, every earlier one has. */
  async function resetMailsSettled(from: string) {
    const marker = await signedInUser(server, `marker-${Date.now()}@example.com`);
    const before = server.mailbox.received.length;
    await post(server, '/api/auth/forgot-password', { email: marker.email }, from);
    await server.mailbox.linkTo(marker.email, '/auth/reset-password', before);
  }
  const resetMailsTo = (emails: string[], after: number) =>
    server.mailbox.received.slice(after).filter((mail) => mail.to.some((to) => emails.includes(to)) && mail.links.some((link) => link.includes('/auth/reset-password')))
      .length;

  it('mails one mailbox at most three reset links in 15 minutes, answering every request the same', async () => {
    const victim = await signedInUser(server, 'victim@example.com');
    const before = server.mailbox.received.length;
    for (let i = 0; i < 5; i++) {
      expect(await post(server, '/api/auth/forgot-password', { email: victim.email }, `192.0.2.${i + 1}`)).toMatchObject({
        status: 200,
        body: { message: identityMessages.resetSent },
      });
    }
    await resetMailsSettled('192.0.2.100');
    expect(resetMailsTo([victim.email], before)).toBe(RESET_MAILS_PER_WINDOW);
  });

  it('mails at most ten reset links on behalf of one address in 15 minutes', async () => {
    const people = await Promise.all([1, 2, 3, 4].map((i) => signedInUser(server, `many-${i}@example.com`)));
    const before = server.mailbox.received.length;
    for (let round = 0; round < 3; round++) {
      for (const person of people) {
        expect((await post(server, '/api/auth/forgot-password', { email: person.email }, '192.0.2.200')).body.message).toBe(identityMessages.resetSent);
      }
    }
    await resetMailsSettled('192.0.2.201');
    expect(resetMailsTo(people.map((p) => p.email), before)).toBe(RESET_MAILS_PER_ADDRESS);
  });
});
