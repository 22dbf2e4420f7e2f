import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, inject, it } from 'vitest';
import { configFromEnv } from '../config.ts';
import { ensureDatabase } from '../database/embedded-postgres.ts';
import { freePort } from '../database/free-port.ts';
import { startServer } from '../server.ts';
import { redactUrl } from './request-log.ts';

describe('the request log', () => {
  it('keeps the secrets of mailed links, API tokens and session cookies out', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timeledger-log-'));
    const port = await freePort();
    const server = await startServer(
      {
        ...configFromEnv({}),
        port,
        host: '127.0.0.1',
        dataDir,
        databaseUrl: await ensureDatabase(inject('postgresUrl'), `log_${randomBytes(6).toString('hex')}`),
        publicUrl: `http://127.0.0.1:${port}`,
        runProjections: false,
      },
      logger,
    );
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
      await rm(dataDir, { recursive: true, force: true });
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
