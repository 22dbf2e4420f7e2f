import type { ApiAnswer } from '../../lib/api';

/** `GET /api/companies/{companyId}/timer`: the caller's tracker in one company. */
export type TimerStatus = ApiAnswer<'get', '/api/companies/{companyId}/timer'>;

/** The running timer session, as the server keeps it ('web' or 'desktop': a session running elsewhere blocks starting one here). */
export type TimerSession = NonNullable<TimerStatus['session']>;

/** A session the server ended because its heartbeats stopped (closed browser, sleeping machine). */
export type AbandonedSession = NonNullable<TimerStatus['abandoned']>;
