import type { AccountEvent } from '../../domain/identity/events.ts';
import { inChunks, type Projection } from '../projection.ts';

type Handled = Extract<AccountEvent, { type: 'SessionEnded' | 'AllSessionsEnded' }>;

/**
 * Sessions ended before they expired, which every request checks its session
 * against. Only endings are kept: a session nobody ended is live until its
 * token expires, so a sign-in writes nothing here and clears no cache.
 */
export const sessionsProjection: Projection = {
  name: 'sessions',
  tables: ['ended_sessions'],
  handles: ['SessionEnded', 'AllSessionsEnded'],

  async apply(trx, events) {
    const rows = events.flatMap((recorded) => {
      const event = { type: recorded.type, data: recorded.data } as Handled;
      const { userId, endedAt } = event.data;
      const sessionIds = event.type === 'SessionEnded' ? [event.data.sessionId] : event.data.sessionIds;
      return sessionIds.map((sessionId) => ({ session_id: sessionId, user_id: userId, ended_at: new Date(endedAt) }));
    });
    for (const chunk of inChunks(rows, 10_000)) {
      await trx.insertInto('ended_sessions').values(chunk).onConflict((oc) => oc.column('session_id').doNothing()).execute();
    }
    // No page shows sessions: the browsers of an ended one are closed (api/live/routes.ts) and find they are signed out.
    return [];
  },
};
