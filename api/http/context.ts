import type { Kysely } from 'kysely';
import type { EventMetadata, EventStore, LogPosition } from '../../eventstore/types.ts';
import { formatPosition } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import type { Config } from '../config.ts';
import type { IdentityService } from '../identity/service.ts';
import type { OrganisationService } from '../organisation/service.ts';
import type { ProjectsService } from '../projects/service.ts';
import type { TimeTrackingService } from '../time-tracking/service.ts';
import type { LiveHub } from '../live/hub.ts';
import type { ReadModelCache } from '../live/read-model-cache.ts';
import type { ReadModelWatcher } from '../live/read-model-watcher.ts';
import type { Membership } from './access.ts';
import type { FastifyRequest } from 'fastify';

/** What route modules get: services, queries and the live parts. */
export interface ApiContext {
  config: Config;
  db: Kysely<Database>;
  store: EventStore;
  identity: IdentityService;
  organisation: OrganisationService;
  projects: ProjectsService;
  timeTracking: TimeTrackingService;
  watcher: ReadModelWatcher;
  hub: LiveHub;
  /** Callers' memberships, by "companyId:userId" (see companyAccess). */
  memberships: ReadModelCache<Membership>;
}

/**
 * Metadata for the events a request causes. The client's Idempotency-Key
 * becomes the command id, scoped to the caller: ids derived from it can never
 * land on another user's streams, whatever key they send.
 */
export function requestMetadata(request: FastifyRequest, userId?: string): EventMetadata {
  const key = request.headers['idempotency-key'];
  return {
    ...(userId ? { userId } : {}),
    ...(typeof key === 'string' && key ? { commandId: `${userId ?? 'anonymous'}:${key.slice(0, 200)}` } : {}),
    correlationId: request.id,
  };
}

/** A command's answer carries where its events sit in the log ("commit.prepare"); see READ_AFTER_HEADER. */
export const positionText = (position: LogPosition | null): string | null => (position ? formatPosition(position) : null);

/**
 * Read your own writes: a client sends the last position its commands were
 * answered with, and its request waits until the read models have reached it.
 */
export const READ_AFTER_HEADER = 'x-read-after';
