import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { invalid } from '../../domain/shared/errors.ts';
import { registerErrorHandler, UNEXPECTED_MESSAGE } from './errors.ts';

describe('error handler', () => {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/refused', async () => {
    throw invalid('Company name is required');
  });
  app.get('/broken', async () => {
    throw new Error('connection to 10.0.0.5 refused, password=hunter2');
  });

  it('answers a domain refusal with its status and exact message', async () => {
    const response = await app.inject({ url: '/refused' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Company name is required' });
  });

  it('answers anything unexpected with a 500, a request id and no internals', async () => {
    const response = await app.inject({ url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ statusCode: 500, error: 'internal', message: UNEXPECTED_MESSAGE, requestId: expect.any(String) });
    expect(response.body).not.toMatch(/hunter2|10\.0\.0\.5/);
  });
});
