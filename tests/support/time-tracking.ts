import { ReadModelCache } from '../../api/live/read-model-cache.ts';
import type { RunningServer } from '../../api/server.ts';
import { createTimeTrackingService, TIMER_TASK_TABLES } from '../../api/time-tracking/service.ts';

/**
 * The server's timer service with a clock of its own, as a second API
 * process would run it: tests use it to start or stop sessions as if at
 * another time, rather than wait.
 */
export function timeTrackingAt(server: Pick<RunningServer, 'store' | 'db' | 'watcher'>, now: () => Date) {
  return createTimeTrackingService({ store: server.store, db: server.db, tasks: new ReadModelCache(server.watcher, TIMER_TASK_TABLES), now });
}
