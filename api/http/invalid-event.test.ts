import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { expect, it } from 'vitest';
import { InvalidEventError } from '../../eventstore/checked-store.ts';
import { registerErrorHandler, UNEXPECTED_MESSAGE } from './errors.ts';

it('answers an event refused at the store with a 500 and logs it as a server bug', async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino(sink) as FastifyBaseLogger });
  registerErrorHandler(app);
  app.get('/task', async () => {
    throw new InvalidEventError('TaskFieldChanged', '/data/field', 'must be equal to constant');
  });

  const response = await app.inject({ url: '/task' });

  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({ statusCode: 500, error: 'internal', message: UNEXPECTED_MESSAGE, requestId: expect.any(String) });
  expect(lines.find((line) => line.level === 50)).toMatchObject({
    msg: 'server bug: an event did not match its schema and was not stored',
    err: { type: 'InvalidEventError', eventType: 'TaskFieldChanged', path: '/data/field' },
  });
  await app.close();
});
