import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { securityHeaders } from './security-headers.ts';

async function headersFor(publicUrl: string) {
  const app = Fastify();
  app.addHook('onRequest', securityHeaders(publicUrl));
  app.get('/', async () => 'ok');
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return response.headers;
}

describe('security headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('do not send a plain-HTTP app to https (no HSTS, no upgrade-insecure-requests)', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');

    const lan = await headersFor('http://192.168.1.20:3000');
    expect(lan['strict-transport-security']).toBeUndefined();
    expect(lan['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('keep the browser on https when PUBLIC_URL is https', async () => {
    const headers = await headersFor('https://time.example.com');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
