import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type AccessDeclaration, registerDeclaredAccess } from './access.ts';
import { registerErrorHandler } from './errors.ts';

/** An app with the declared-access pre-handler and one route; nothing it is asked reaches a database. */
async function appWith(url: string, access: AccessDeclaration | undefined) {
  const app = Fastify();
  registerErrorHandler(app);
  await app.register(cookie);
  app.decorateRequest('tokenUserId', null);
  const unreachable = () => {
    throw new Error('no database in this test');
  };
  registerDeclaredAccess(app, { db: unreachable as never, memberships: unreachable as never, config: { billing: { off: true } }, now: () => new Date() });
  app.get(url, access ? { config: { access } } : {}, async () => ({ reached: true }));
  await app.ready();
  return app;
}

describe('declared access', () => {
  it('refuses to start with an API route that declares no access', async () => {
    await expect(appWith('/api/things', undefined)).rejects.toThrow('GET /api/things declares no access (config.access)');
  });

  it('lets a page outside the API through undeclared (the web app, the API docs)', async () => {
    const app = await appWith('/some-page', undefined);
    expect((await app.inject('/some-page')).statusCode).toBe(200);
  });

  it('answers a route declared signed-in with a 401 before its handler when nobody is signed in', async () => {
    const app = await appWith('/api/things', 'signed-in');
    const answer = await app.inject('/api/things');
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).not.toHaveProperty('reached');
  });

  it('runs a public route for anyone', async () => {
    const app = await appWith('/api/things', 'public');
    expect((await app.inject('/api/things')).json()).toEqual({ reached: true });
  });
});
