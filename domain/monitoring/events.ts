import type { Static } from 'typebox';
import type { DomainEvent } from '../shared/decider.ts';
import { ChangedBy } from '../projects/events.ts';
import { Closed, Email, Id, Instant, Name, Nullable, Text } from '../shared/schema.ts';
import { MAX_MONITORING_MESSAGE } from './limits.ts';

export { MAX_MONITORING_MESSAGE };

/**
 * Someone who manages a person asked them to run the desktop agent. It names
 * the person's address and the company as they were, so the mail it asks for
 * (api/mail/outbox.ts) is written from the event alone.
 */
export const MonitoringRequested = Closed({
  companyId: Id,
  companyName: Name,
  userId: Id,
  name: Name,
  email: Email,
  by: ChangedBy,
  message: Nullable(Text(MAX_MONITORING_MESSAGE)),
  at: Instant,
});

export type MonitoringEvent = DomainEvent<'MonitoringRequested', Static<typeof MonitoringRequested>>;

export const monitoringEventSchemas = { MonitoringRequested };

/** The monitoring requests made of one person of one company. */
export const monitoringStream = (companyId: string, userId: string) => `monitoring-${companyId}-${userId}`;
