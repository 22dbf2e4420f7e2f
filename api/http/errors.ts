import type { FastifyError, FastifyInstance } from 'fastify';
import { BUSY_MESSAGE, DomainError, type DomainErrorCode, RateLimitedError } from '../../domain/shared/errors.ts';
import { InvalidEventError } from '../../eventstore/checked-store.ts';
import { WrongExpectedVersionError } from '../../eventstore/types.ts';
import { validationMessage } from './validation.ts';

const statusOf: Record<DomainErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
};

export const UNEXPECTED_MESSAGE = 'Something went wrong. please try again!';

/**
 * The one place errors become HTTP answers: a domain refusal carries the
 * product's message; anything unexpected is logged and answered with a
 * request id and no internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof DomainError) {
      const statusCode = statusOf[error.code];
      if (error instanceof RateLimitedError) reply.header('retry-after', error.retryAfterSeconds);
      return reply.status(statusCode).send({ statusCode, error: error.code, message: error.message });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return reply.status(400).send({ statusCode: 400, error: 'invalid', message: validationMessage(fastifyError.validation, error.message) });
    }
    if (error instanceof WrongExpectedVersionError) {
      return reply.status(409).send({ statusCode: 409, error: 'conflict', message: BUSY_MESSAGE });
    }
    const statusCode = fastifyError.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send({ statusCode, error: fastifyError.code ?? 'bad_request', message: error.message });
    }
    // Routes check requests first, so an event refused at the store is a server bug (and nothing was written).
    request.log.error({ err: error }, error instanceof InvalidEventError ? 'server bug: an event did not match its schema and was not stored' : 'unexpected error');
    return reply
      .status(500)
      .send({ statusCode: 500, error: 'internal', message: UNEXPECTED_MESSAGE, requestId: request.id });
  });
}
