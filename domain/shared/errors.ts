/** Why a command was refused; decides the HTTP status at the edge. */
export type DomainErrorCode =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited';

/** A refusal carrying the product's exact message text. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);

/** A limit was reached: the message says which, and the request may be sent again after this many seconds. */
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}

/** What a command that lost a race to another change answers: nothing was written, and a retry decides afresh. */
export const BUSY_MESSAGE = 'The data changed while saving. Please try again.';
