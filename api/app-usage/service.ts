import { appUsage } from '../../domain/app-usage/app-usage.ts';
import { appCategories } from '../../domain/app-usage/categories.ts';
import { type AppCategory, appCategoriesStream, type AppUsageEvent, type AppUsageSample, appUsageStream } from '../../domain/app-usage/events.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { localDay } from '../../domain/time-tracking/local-days.ts';
import { trackerMessages } from '../../domain/time-tracking/tracker.ts';
import { handleCommand, uuidFrom } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore } from '../../eventstore/types.ts';
import type { CompanyAccess } from '../access/membership.ts';
import type { TimeTrackingService } from '../time-tracking/service.ts';
import { createPeriodLocks, type PeriodLocks } from '../timesheets/locks.ts';

export type AppUsageService = ReturnType<typeof createAppUsageService>;

/** The desktop agent's application usage, and how the company counts each application. */
export function createAppUsageService({
  store,
  timeTracking,
  now = () => new Date(),
  locks = createPeriodLocks({ store, now }),
}: {
  store: EventStore;
  timeTracking: TimeTrackingService;
  now?: () => Date;
  /** The lock of approved periods: a batch sent late for one is refused. */
  locks?: PeriodLocks;
}) {
  return {
    /**
     * Records one batch of a session of the caller's timer, running or ended
     * lately (domain/app-usage/app-usage.ts). The stored id comes from
     * the caller, their company and the agent's own batch id, so a batch sent
     * again finds its stream written and writes nothing (`recorded` false).
     */
    async record(access: CompanyAccess, clientBatchId: string, samples: readonly AppUsageSample[], metadata: EventMetadata) {
      const companyId = access.company.company_id;
      const batchId = uuidFrom(`${companyId}:${access.userId}:app-usage:${clientBatchId}`);
      const tracker = await timeTracking.readTracker(companyId, access.userId);
      try {
        const { events, position } = await handleCommand(
          store,
          appUsageStream(batchId),
          appUsage,
          { type: 'RecordAppUsage', companyId, userId: access.userId, actor: access.actor, batchId, samples },
          { now: now(), tracker },
          { ...metadata, companyId },
          undefined,
          locks.guard<AppUsageEvent>(companyId, access.userId, 'RecordAppUsage', (recorded) =>
            recorded.flatMap(({ data }) => data.samples.map((sample) => localDay(sample.start, data.timeZone))),
          ),
        );
        return { recorded: events.length > 0, position };
      } catch (error) {
        // Too late for its session, a batch for an approved period is refused for that reason: the one the person can act on.
        if (error instanceof DomainError && error.message === trackerMessages.noSession) {
          const zone = tracker.ended.at(-1)?.timeZone ?? access.company.time_zone;
          for (const day of new Set(samples.map((sample) => localDay(sample.start, zone)))) await locks.refuseIfLocked(companyId, access.userId, day);
        }
        throw error;
      }
    },

    async setCategory(access: CompanyAccess, application: string, category: AppCategory, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      const { position } = await handleCommand(
        store,
        appCategoriesStream(companyId),
        appCategories,
        { type: 'SetAppCategory', companyId, application, category, actor: access.actor, actorName: access.name },
        { now: now() },
        { ...metadata, companyId },
      );
      return position;
    },
  };
}
