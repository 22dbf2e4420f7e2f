import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { ReadModelCache } from '../../api/live/read-model-cache.ts';
import { ReadModelWatcher } from '../../api/live/read-model-watcher.ts';
import { createTimeTrackingService, TIMER_TASK_TABLES, type TimerTaskRow } from '../../api/time-tracking/service.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { SYNC_INTERVAL_MS, trackerMessages } from '../../domain/time-tracking/tracker.ts';
import type { EventMetadata, EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { projections } from '../../projections/index.ts';
import type { RunningTimer } from './company.ts';

/** A timer its person stopped meanwhile (in the web app): theirs again, nothing left to do. */
const stoppedByTheirPerson = (error: unknown) => error instanceof DomainError && error.message === trackerMessages.noSession;

/**
 * The desktop agent of the people working now, through the same service as
 * the agent's routes, at the real time: a heartbeat for each running timer
 * every sync interval (30 s) until `stopping` resolves, so a running server's
 * sweep leaves them running; then their timers stop, as the agent stops them
 * when it quits, and their time is saved. Returns how many it stopped.
 */
export async function keepTimersAlive(
  { store, db, pool }: { store: EventStore; db: Kysely<Database>; pool: pg.Pool },
  timers: readonly RunningTimer[],
  stopping: Promise<unknown>,
  metadata: EventMetadata,
): Promise<number> {
  // Only stops and beats: the start's task lookups are never made, so the cache needs no live watcher.
  const timer = createTimeTrackingService({ store, db, tasks: new ReadModelCache<TimerTaskRow>(new ReadModelWatcher(pool, db, projections), TIMER_TASK_TABLES) });
  let running = [...timers];
  let stopped = false;
  void stopping.then(() => (stopped = true));
  const each = async (work: (running: RunningTimer) => Promise<unknown>) => {
    const kept = await Promise.all(
      running.map(async (one) => {
        try {
          await work(one);
          return true;
        } catch (error) {
          if (stoppedByTheirPerson(error)) return false;
          throw error;
        }
      }),
    );
    running = running.filter((_, index) => kept[index]);
  };
  while (!stopped && running.length > 0) {
    await each(({ access, sessionId }) => timer.heartbeat(access, sessionId, 0, metadata));
    await Promise.race([sleep(SYNC_INTERVAL_MS), stopping]);
  }
  await each(({ access, sessionId }) => timer.stop(access, sessionId, metadata));
  return running.length;
}
