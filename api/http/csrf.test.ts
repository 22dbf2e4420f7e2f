import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { trackerMessages } from '../../domain/time-tracking/tracker.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { readModelsInclude } from '../../tests/support/read-models.ts';
import { type ApiUser, createCompany, signedInUser } from '../../tests/support/users.ts';
import { csrfMessages } from './csrf.ts';

let server: TestServer;
let user: ApiUser;
let token: { tokenId: string; token: string };
let companyId: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await signedInUser(server, 'csrf@example.com', 'Cora Csrf');
  token = (await user.call('POST', '/api/me/tokens', { name: 'Agent' })).body;
  companyId = await createCompany(user, 'Forgery Proof');
});
afterAll(() => server.close());

/** A request as a page sends it, with the session cookie and exactly these headers. */
const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
  fetch(`${server.url}${path}`, { method, headers: { cookie: user.cookie, ...headers }, body });
const head = () => server.store.headPosition();
const tokenRevoked = async () => (await user.call('GET', '/api/me/tokens')).body.find((t: { tokenId: string }) => t.tokenId === token.tokenId).revokedAt !== null;

describe('cross-site request forgery', () => {
  it('refuses a bodiless request that names no JSON and lacks the app header, and writes nothing', async () => {
    const before = await head();
    for (const headers of [{ 'content-type': 'text/plain' }, {}] as Record<string, string>[]) {
      const revoke = await send('DELETE', `/api/me/tokens/${token.tokenId}`, headers);
      expect(revoke.status).toBe(403);
      expect((await revoke.json()).message).toBe(csrfMessages.notFromApp);
      const punchIn = await send('POST', `/api/companies/${companyId}/punch/in`, headers);
      expect(punchIn.status).toBe(403);
      const signOut = await send('POST', '/api/auth/logout', headers);
      expect(signOut.status).toBe(403);
      expect(signOut.headers.get('set-cookie')).toBeNull();
    }
    expect(await head()).toEqual(before);
    expect(await tokenRevoked()).toBe(false);
    expect((await user.call('GET', '/api/me')).status).toBe(200);
  });

  it('refuses a page of another origin, even on the same host, with the app header and a JSON body', async () => {
    const before = await head();
    const otherPort = new URL(server.url);
    otherPort.port = String(Number(otherPort.port) + 1);
    for (const origin of [otherPort.origin, 'http://evil.example', 'null']) {
      const rename = await send('PATCH', '/api/me', { origin, 'x-requested-with': 'timeledger', 'content-type': 'application/json' }, JSON.stringify({ name: 'Mallory' }));
      expect(rename.status).toBe(403);
      expect((await rename.json()).message).toBe(csrfMessages.foreignOrigin);
    }
    expect(await head()).toEqual(before);
    expect((await user.call('GET', '/api/me')).body.name).toBe('Cora Csrf');
  });

  it('accepts the address the browser used (its Host) besides PUBLIC_URL', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${server.url}/api/me`, {
        method: 'PATCH',
        headers: { host: 'timeledger.lan:8080', origin: 'http://timeledger.lan:8080', cookie: user.cookie, 'content-type': 'application/json' },
      });
      request.on('response', (response) => resolve(response.resume().statusCode!)).on('error', reject);
      request.end(JSON.stringify({ name: 'Cora Lan' }));
    });
    expect(status).toBe(200);
  });

  it('refuses the live WebSocket to a page of another origin', async () => {
    const open = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/live`, { headers: { cookie: user.cookie, origin } });
        socket.on('message', () => {
          socket.close();
          resolve('open');
        });
        socket.on('unexpected-response', (request, response) => {
          request.destroy();
          resolve(String(response.statusCode));
        });
        socket.on('error', () => undefined);
      });
    expect(await open('http://evil.example')).toBe('403');
    expect(await open(server.url)).toBe('open');
  });

  it('lets the app (its header, or a JSON body, from its own origin) and the desktop agent (API token) through', async () => {
    const rename = await send('PATCH', '/api/me', { origin: server.url, 'content-type': 'application/json' }, JSON.stringify({ name: 'Cora Again' }));
    expect(rename.status).toBe(200);
    // A bodiless command from the agent reaches the timer, which has nothing to cancel.
    const viaToken = await fetch(`${server.url}/api/companies/${companyId}/timer/cancel`, { method: 'POST', headers: { authorization: `Bearer ${token.token}` } });
    expect(await viaToken.json()).toMatchObject({ statusCode: 409, message: trackerMessages.nothingToCancel });
    const revoke = await send('DELETE', `/api/me/tokens/${token.tokenId}`, { origin: server.url, 'x-requested-with': 'timeledger' });
    expect(revoke.status).toBe(200);
    await readModelsInclude(server, await revoke.json());
    expect(await tokenRevoked()).toBe(true);
  });
});
