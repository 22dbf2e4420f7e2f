import { sql, type Transaction } from 'kysely';
import type { RecordedEvent } from '../../eventstore/types.ts';
import type { Database } from '../database.ts';
import { inChunks, type Projection } from '../projection.ts';
import { companyChanges } from '../../domain/shared/scope.ts';
import { ACTIVITY_EVENT_TYPES, activityOf, type NameBook, type NameKind, type Named } from './activity.ts';

/** Ids are uuids or task ids: longer strings of an event (titles, comments) name nothing. */
const MAX_ID_LENGTH = 64;

/** Every id an event may name: its strings short enough to be one, a nested person's id, and its caller. */
function idsNamedBy(event: RecordedEvent): string[] {
  const ids = event.metadata.userId ? [event.metadata.userId] : [];
  for (const value of Object.values(event.data as Record<string, unknown>)) {
    if (typeof value === 'string' && value.length <= MAX_ID_LENGTH) ids.push(value);
    const userId = value && typeof value === 'object' ? (value as { userId?: unknown }).userId : undefined;
    if (typeof userId === 'string') ids.push(userId);
  }
  return ids;
}

/** The names the batch's events may need, as stored; the book remembers what the batch changes. */
async function loadNames(trx: Transaction<Database>, events: RecordedEvent[]): Promise<NameBook & { changed(): (Named & { company_id: string; kind: NameKind; id: string })[] }> {
  const companies = [...new Set(events.map((event) => (event.data as { companyId: string }).companyId))];
  const ids = [...new Set(events.flatMap(idsNamedBy))];
  const rows = await trx
    .selectFrom('activity_log_names')
    .selectAll()
    .where(sql<boolean>`company_id = ANY(${companies}::uuid[]) AND id = ANY(${ids}::text[])`)
    .execute();
  const key = (companyId: string, kind: NameKind, id: string) => `${companyId}:${kind}:${id}`;
  const known = new Map(rows.map((row) => [key(row.company_id, row.kind as NameKind, row.id), { name: row.name, personId: row.person_id }]));
  const changed = new Map<string, { company_id: string; kind: NameKind; id: string } & Named>();
  return {
    get: (companyId, kind, id) => known.get(key(companyId, kind, id)),
    set(companyId, kind, id, named) {
      known.set(key(companyId, kind, id), named);
      changed.set(key(companyId, kind, id), { company_id: companyId, kind, id, ...named });
    },
    changed: () => [...changed.values()],
  };
}

/**
 * The company's activity, read from the log (who did what, when): one row per
 * event it tells (activity.ts), newest first by the event's place in the log.
 * Names come from the log too (activity_log_names), so a rebuild tells every
 * event as it was told the first time.
 */
export const activityLogProjection: Projection = {
  name: 'activity-log',
  tables: ['activity_log', 'activity_log_names'],
  handles: ACTIVITY_EVENT_TYPES,

  async apply(trx, events) {
    const names = await loadNames(trx, events);
    const rows = events.flatMap((event) => {
      const activity = activityOf(event, names);
      if (!activity) return [];
      return [
        {
          company_id: activity.companyId,
          event_id: event.eventId,
          commit_position: String(event.position.commit),
          prepare_position: String(event.position.prepare),
          at: new Date(activity.at),
          kind: activity.kind,
          actor_user_id: activity.actor.userId,
          actor_name: activity.actor.name,
          subject_user_id: activity.subjectUserId,
          sentence: activity.sentence,
        },
      ];
    });
    for (const chunk of inChunks(names.changed(), 5000)) {
      await trx
        .insertInto('activity_log_names')
        .values(chunk.map(({ company_id, kind, id, name, personId }) => ({ company_id, kind, id, name, person_id: personId })))
        .onConflict((oc) => oc.columns(['company_id', 'kind', 'id']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), person_id: eb.ref('excluded.person_id') })))
        .execute();
    }
    for (const chunk of inChunks(rows, 5000)) await trx.insertInto('activity_log').values(chunk).onConflict((oc) => oc.doNothing()).execute();
    return [...new Set(rows.map((row) => row.company_id))].flatMap((companyId) => companyChanges(companyId, 'activity'));
  },
};
