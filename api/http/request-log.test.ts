import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../tests/support/test-server.ts';
import { redactUrl } from './request-log.ts';

describe('the request log', () => {
  it('keeps the secrets of mailed links, API tokens and session cookies out', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const server = await startTestServer({ logger, runProjections: false });
    const secret = (name: string) => `${name}${randomBytes(16).toString('hex')}`;
    const invite = secret('invite');
    const link = secret('link');
    const apiToken = secret('token');
    const session = secret('session');
    try {
      await fetch(`${server.url}/api/invitations/${invite}`);
      await fetch(`${server.url}/api/invitations/${invite}/accept`, {
        method: 'POST',
        headers: { 'x-requested-with': 'timeledger', cookie: `tl_session=${session}` },
      });
      await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${apiToken}` } });
      await fetch(`${server.url}/auth/verify-email?u=someone&t=${link}`);
      await fetch(`${server.url}/invitation?i=${invite}`);
    } finally {
      await server.close();
    }
    const log = lines.join('');
    const urls = lines.map((line) => JSON.parse(line).req?.url).filter(Boolean);
    expect(urls).toEqual([
      '/api/invitations/[redacted]',
      '/api/invitations/[redacted]/accept',
      '/api/me',
      '/auth/verify-email?u=someone&t=[redacted]',
      '/invitation?i=[redacted]',
    ]);
    for (const value of [invite, link, apiToken, session]) expect(log).not.toContain(value);
  });

  it('redacts only the secrets', () => {
    expect(redactUrl('/api/invitations/abc/decline?x=1')).toBe('/api/invitations/[redacted]/decline?x=1');
    expect(redactUrl('/auth/reset-password?t=abc&u=me')).toBe('/auth/reset-password?t=[redacted]&u=me');
    expect(redactUrl('/api/companies/c1/tasks?status=QA&title=x')).toBe('/api/companies/c1/tasks?status=QA&title=x');
    expect(redactUrl('/api/me/invites/i1/accept')).toBe('/api/me/invites/i1/accept');
  });
});
