import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountMessages, VERIFICATION_RESEND_MINUTES, verificationResendTooSoon } from '../../domain/identity/account.ts';
import { messages } from '../../domain/identity/validation.ts';
import { readModelsInclude } from '../../tests/support/read-models.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { identityMessages } from './service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function call(method: string, path: string, body?: unknown, cookie?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'x-requested-with': 'timeledger', ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  const answer = text ? JSON.parse(text) : null;
  await readModelsInclude(server, answer);
  return { status: response.status, body: answer, headers: response.headers };
}

const linkParams = (link: string) => {
  const url = new URL(link);
  return { userId: url.searchParams.get('u')!, token: url.searchParams.get('t')! };
};

describe('identity over HTTP', () => {
  const email = 'grace@example.com';
  const password = 'Hopper#1906';
  let sessionCookie = '';

  it('signs up, refuses sign-in until the mailed link is followed, then signs in', async () => {
    const signUp = await call('POST', '/api/auth/sign-up', { fullName: 'Grace Hopper', email: 'Grace@Example.com', password });
    expect(signUp).toMatchObject({ status: 201, body: { message: identityMessages.signedUp } });

    const duplicate = await call('POST', '/api/auth/sign-up', { fullName: 'Grace Hopper', email, password });
    expect(duplicate.status).toBe(409);

    const link = await server.mailbox.linkTo(email, '/auth/verify-email');
    const unverified = await call('POST', '/api/auth/login', { email, password });
    expect(unverified).toMatchObject({ status: 403, body: { message: messages.verifyEmail } });

    // The refused sign-in mailed nothing: the sign-up link still works.
    expect((await call('POST', '/api/auth/verify-email', linkParams(link))).status).toBe(200);

    const login = await call('POST', '/api/auth/login', { email, password, rememberMe: false });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ name: 'Grace Hopper', email, isEmailVerified: true });
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);

    const me = await call('GET', '/api/me', undefined, cookie.split(';')[0]);
    expect(me.body.email).toBe(email);
    sessionCookie = cookie.split(';')[0];
  });

  it('refuses a wrong verification link the same way once the address is verified; the link that verified it still answers 200', async () => {
    const userId = (await call('POST', '/api/auth/login', { email, password })).body.user.id;
    const unverifiedEmail = 'ada@example.com';
    await call('POST', '/api/auth/sign-up', { fullName: 'Ada Lovelace', email: unverifiedEmail, password });
    const unverifiedId = linkParams(await server.mailbox.linkTo(unverifiedEmail, '/auth/verify-email')).userId;

    const wrongToken = 'A'.repeat(43);
    const onUnverified = await call('POST', '/api/auth/verify-email', { userId: unverifiedId, token: wrongToken });
    const onVerified = await call('POST', '/api/auth/verify-email', { userId, token: wrongToken });
    const onNobody = await call('POST', '/api/auth/verify-email', { userId: '00000000-0000-4000-8000-000000000000', token: wrongToken });
    expect(onUnverified).toMatchObject({ status: 400, body: { message: accountMessages.badVerificationLink } });
    expect({ status: onVerified.status, body: onVerified.body }).toEqual({ status: onUnverified.status, body: onUnverified.body });
    expect({ status: onNobody.status, body: onNobody.body }).toEqual({ status: onUnverified.status, body: onUnverified.body });

    const link = linkParams(await server.mailbox.linkTo(email, '/auth/verify-email'));
    expect((await call('POST', '/api/auth/verify-email', link)).status).toBe(200);
  });

  it("'Send again' mails a new link to the one who knows the password, at most once in a few minutes; every link works until one verifies", async () => {
    const pending = { email: 'barbara@example.com', password: 'Liskov#1939' };
    await call('POST', '/api/auth/sign-up', { fullName: 'Barbara Liskov', ...pending });
    const signUpLink = await server.mailbox.linkTo(pending.email, '/auth/verify-email');

    // Refused sign-ins mail nothing, and neither does a wrong password.
    for (let i = 0; i < 3; i++) expect((await call('POST', '/api/auth/login', pending)).status).toBe(403);
    const wrongPassword = await call('POST', '/api/auth/resend-verification', { email: pending.email, password: 'Wrong#1234' });
    expect(wrongPassword).toMatchObject({ status: 401, body: { message: identityMessages.badCredentials } });

    const mailsBefore = server.mailbox.received.length;
    const resent = await call('POST', '/api/auth/resend-verification', pending);
    expect(resent).toMatchObject({ status: 200, body: { message: identityMessages.verificationResent } });
    const resentLink = await server.mailbox.linkTo(pending.email, '/auth/verify-email', mailsBefore);
    expect(resentLink).not.toBe(signUpLink);
    expect(server.mailbox.received.slice(mailsBefore).filter((mail) => mail.to.includes(pending.email))).toHaveLength(1);
    const mail = server.mailbox.received.slice(mailsBefore).find((received) => received.to.includes(pending.email))!;
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('The link is valid for 72 hours.');

    const again = await call('POST', '/api/auth/resend-verification', pending);
    expect(again).toMatchObject({ status: 429, body: { message: verificationResendTooSoon(Number(again.headers.get('retry-after'))) } });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(VERIFICATION_RESEND_MINUTES * 60);

    // The first link verifies; then every other link is spent, and nothing more is mailed.
    expect((await call('POST', '/api/auth/verify-email', linkParams(signUpLink))).status).toBe(200);
    expect((await call('POST', '/api/auth/verify-email', linkParams(signUpLink))).status).toBe(200);
    expect(await call('POST', '/api/auth/verify-email', linkParams(resentLink))).toMatchObject({ status: 400, body: { message: accountMessages.badVerificationLink } });
    expect((await call('POST', '/api/auth/login', pending)).status).toBe(200);
    expect(await call('POST', '/api/auth/resend-verification', pending)).toMatchObject({ status: 200, body: { message: identityMessages.verified, position: null } });
  });

  it('gives a persistent cookie with remember me', async () => {
    const login = await call('POST', '/api/auth/login', { email, password, rememberMe: true });
    expect(login.headers.get('set-cookie')).toMatch(/Max-Age=2592000/);
  });

  it('accepts a session token until it expires, even one accepted before; never a forged one', async () => {
    const cookie = sessionCookie; // a 12-hour session
    expect((await call('GET', '/api/me', undefined, cookie)).status).toBe(200);
    const [name, token] = cookie.split('=');
    const [header, payload] = token.split('.');
    expect((await call('GET', '/api/me', undefined, `${name}=${header}.${payload}.${'A'.repeat(43)}`)).status).toBe(401);
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 13 * 3_600_000);
      expect((await call('GET', '/api/me', undefined, cookie)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses wrong credentials the same way for known and unknown e-mails', async () => {
    const wrong = await call('POST', '/api/auth/login', { email, password: 'Wrong#1234' });
    const unknown = await call('POST', '/api/auth/login', { email: 'nobody@example.com', password });
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.status).toBe(401);
  });

  it('validates on the server with the spec messages, and never answers 500 to bad input', async () => {
    expect((await call('POST', '/api/auth/sign-up', { fullName: 'Al', email: 'al@example.com', password })).body.message).toBe(
      messages.nameTooShort,
    );
    expect((await call('POST', '/api/auth/sign-up', { fullName: 'Alan Turing', email: 'alan@example.com', password: 'short' })).body.message).toBe(
      messages.passwordWeak,
    );
    expect((await call('POST', '/api/auth/sign-up', { fullName: '', email: '', password: '' })).body.message).toBe(messages.signUpIncomplete);
    const missing = await call('POST', '/api/auth/sign-up', { email: 'x@example.com' });
    expect(missing.status).toBe(400);
    const garbage = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(garbage.status).toBe(400);
  });

  it('answers forgot-password the same for unknown addresses; the reset link works once', async () => {
    const unknown = await call('POST', '/api/auth/forgot-password', { email: 'nobody@example.com' });
    const mailsBefore = server.mailbox.received.length;
    const known = await call('POST', '/api/auth/forgot-password', { email });
    expect(known).toEqual({ ...unknown, headers: known.headers });
    expect(known.body.message).toBe(identityMessages.resetSent);

    const link = linkParams(await server.mailbox.linkTo(email, '/auth/reset-password', mailsBefore));
    const newPassword = 'Cobol&1959';
    expect((await call('POST', '/api/auth/reset-password', { ...link, password: newPassword })).status).toBe(200);
    const again = await call('POST', '/api/auth/reset-password', { ...link, password: 'Another&1959' });
    expect(again.status).toBe(400);
    expect((await call('POST', '/api/auth/login', { email, password: newPassword })).status).toBe(200);
    expect((await call('POST', '/api/auth/login', { email, password })).status).toBe(401);
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const spec = await (await fetch(`${server.url}/api/docs/json`)).json();
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/me', '/api/health']));
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('sends security headers with every answer, errors included', async () => {
    for (const response of [await fetch(`${server.url}/api/health`), await fetch(`${server.url}/api/me`)]) {
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });
});
