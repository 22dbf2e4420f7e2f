import type { Kysely } from 'kysely';
import type { EventMetadata, EventStore, LogPosition } from '../../eventstore/types.ts';
import { formatPosition } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import type { Config } from '../config.ts';
import type { AppUsageService } from '../app-usage/service.ts';
import type { BillingService } from '../billing/service.ts';
import type { Allowances } from '../limits/allowances.ts';
import type { IdentityService } from '../identity/service.ts';
import type { LeaveService } from '../leave/service.ts';
import type { MonitoringService } from '../monitoring/service.ts';
import type { RegularizationService } from '../regularization/service.ts';
import type { OrganisationService } from '../organisation/service.ts';
import type { ProjectsService } from '../projects/service.ts';
import type { ScreenshotsService } from '../screenshots/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { TimeTrackingService } from '../time-tracking/service.ts';
import type { LiveHub } from '../live/hub.ts';
import type { ReadModelCache } from '../live/read-model-cache.ts';
import type { ReadModelWatcher } from '../live/read-model-watcher.ts';
import type { TimesheetsService } from '../timesheets/service.ts';
import type { WorkingTimeService } from '../working-time/service.ts';
import type { Membership } from '../access/membership.ts';
import type { FastifyRequest } from 'fastify';
import { invalid } from '../../domain/shared/errors.ts';

/** What route modules get: services, queries and the live parts. */
export interface ApiContext {
  config: Config;
  /** The server's clock: the time it shows (GET /api/time) and stamps on tracking. */
  now: () => Date;
  db: Kysely<Database>;
  store: EventStore;
  /** The limits on what a person or company may use, shared by every API process. */
  allowances: Allowances;
  identity: IdentityService;
  organisation: OrganisationService;
  projects: ProjectsService;
  timeTracking: TimeTrackingService;
  screenshots: ScreenshotsService;
  appUsage: AppUsageService;
  billing: BillingService;
  leave: LeaveService;
  regularizations: RegularizationService;
  settings: SettingsService;
  monitoring: MonitoringService;
  timesheets: TimesheetsService;
  workingTime: WorkingTimeService;
  watcher: ReadModelWatcher;
  hub: LiveHub;
  /** Callers' memberships, by "companyId:userId" (see companyAccess). */
  memberships: ReadModelCache<Membership>;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * Metadata for the events a request causes. The client's Idempotency-Key
 * becomes the command id, scoped to the caller and to the target the request
 * names (its method and path): the same key on two tasks is two commands, and
 * ids derived from it can never land on another user's streams.
 */
export function requestMetadata(request: FastifyRequest, userId?: string): EventMetadata {
  const key = request.headers['idempotency-key'];
  if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
    throw invalid('The Idempotency-Key header must be 1 to 200 visible ASCII characters');
  }
  const target = `${request.method} ${request.url.split('?')[0]}`;
  return {
    ...(userId ? { userId } : {}),
    ...(key ? { commandId: `${userId ?? 'anonymous'}:${target}:${key}` } : {}),
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
