import type { Kysely } from 'kysely';
import { regularizationStream } from '../../domain/regularization/events.ts';
import { regularization } from '../../domain/regularization/regularization.ts';
import { handleCommand } from '../../eventstore/command-handler.ts';
import type { EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { requestsToReassign } from '../../projections/regularization/queries.ts';
import { noFacts } from './service.ts';

/**
 * Moves each pending request whose assignee can no longer decide it (they
 * left the team or the company, or lost the role) to another who can: a
 * Manager of the request's team, else a Head, else an Admin. Run by the
 * sweeps, so it also catches up on changes the read models showed late; the
 * move is an event on the requester's stream, and a request that moved on
 * meanwhile stays where it is. Returns how many requests it moved.
 */
export async function reassignOrphanedRequests({ store, db, now }: { store: EventStore; db: Kysely<Database>; now: Date }): Promise<number> {
  let moved = 0;
  for (const orphan of await requestsToReassign(db)) {
    const { events } = await handleCommand(
      store,
      regularizationStream(orphan.company_id, orphan.user_id),
      regularization,
      {
        type: 'ReassignRegularization',
        companyId: orphan.company_id,
        userId: orphan.user_id,
        requestId: orphan.request_id,
        from: orphan.assignee_id,
        to: { userId: orphan.to_id, name: orphan.to_name },
        authority: { kind: 'operator' },
      },
      noFacts(now),
      { correlationId: `reassign-${orphan.request_id}`, companyId: orphan.company_id },
    );
    moved += events.length;
  }
  return moved;
}
