import type { Insertable, Transaction } from 'kysely';
import { REGULARIZATION_EVENT_TYPES, type RegularizationEvent, type RegularizationFields } from '../../domain/regularization/events.ts';
import { decidedAt } from '../../eventstore/decided-at.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import type { Database, RegularizationRequestsTable } from '../database.ts';
import { inChunks, type Projection } from '../projection.ts';
import { companyChanges } from '../../domain/shared/scope.ts';

type Row = Insertable<RegularizationRequestsTable>;

const requestKey = (ref: { companyId: string; requestId: string }) => `${ref.companyId}:${ref.requestId}`;

/** The columns of what the requester asked for. */
const fieldColumns = (fields: RegularizationFields) => ({
  team_id: fields.teamId,
  date: fields.date,
  start_minute: fields.startMinute,
  duration_minutes: fields.durationMinutes,
  time_zone: fields.timeZone,
  start_at: new Date(fields.start),
  end_at: new Date(fields.end),
  project_id: fields.projectId,
  project_name: fields.projectName,
  task_id: fields.taskId,
  task_name: fields.taskName,
  task_details: fields.taskDetails,
  assignee_id: fields.assignee.userId,
  assignee_name: fields.assignee.name,
});

/**
 * Regularization requests as they stand now, for the requester's table and
 * the processing table. A batch loads the rows it touches, folds its events
 * in memory, then writes them back (and drops the deleted) in a few statements.
 */
export const regularizationProjection: Projection = {
  name: 'regularization',
  tables: ['regularization_requests'],
  handles: REGULARIZATION_EVENT_TYPES,

  async apply(trx, recorded) {
    const rows = await loadRows(trx, recorded);
    const deleted = new Map<string, { companyId: string; requestId: string }>();
    const companies = new Set<string>();
    for (const event of recorded) {
      const { type, data } = { type: event.type, data: event.data } as RegularizationEvent;
      const key = requestKey(data);
      const at = new Date(decidedAt(event));
      const row = rows.get(key);
      companies.add(data.companyId);
      switch (type) {
        case 'RegularizationRequested': {
          const { companyId, userId, requestId, by: _, ...fields } = data;
          rows.set(key, { company_id: companyId, request_id: requestId, user_id: userId, ...fieldColumns(fields), status: 'Pending', requested_at: at, updated_at: at });
          deleted.delete(key);
          break;
        }
        case 'RegularizationEdited':
          if (row) rows.set(key, { ...row, ...fieldColumns(data.to), updated_at: at });
          break;
        case 'RegularizationReassigned':
          if (row) rows.set(key, { ...row, assignee_id: data.to.userId, assignee_name: data.to.name, updated_at: at });
          break;
        case 'RegularizationApproved':
        case 'RegularizationDeclined':
          if (row) {
            const status = type === 'RegularizationApproved' ? 'Approved' : 'Declined';
            rows.set(key, { ...row, status, processed_by_name: data.by.name, processed_at: at, process_comment: data.comment, updated_at: at });
          }
          break;
        case 'RegularizationDeleted':
          rows.delete(key);
          deleted.set(key, data);
          break;
      }
    }
    for (const chunk of inChunks([...deleted.values()], 5000)) {
      await trx
        .deleteFrom('regularization_requests')
        .where((eb) => eb(eb.refTuple('company_id', 'request_id'), 'in', chunk.map((r) => eb.tuple(r.companyId, r.requestId))))
        .execute();
    }
    for (const chunk of inChunks([...rows.values()], 1000)) {
      await trx
        .insertInto('regularization_requests')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['company_id', 'request_id']).doUpdateSet((eb) => ({
            team_id: eb.ref('excluded.team_id'),
            date: eb.ref('excluded.date'),
            start_minute: eb.ref('excluded.start_minute'),
            duration_minutes: eb.ref('excluded.duration_minutes'),
            time_zone: eb.ref('excluded.time_zone'),
            start_at: eb.ref('excluded.start_at'),
            end_at: eb.ref('excluded.end_at'),
            project_id: eb.ref('excluded.project_id'),
            project_name: eb.ref('excluded.project_name'),
            task_id: eb.ref('excluded.task_id'),
            task_name: eb.ref('excluded.task_name'),
            task_details: eb.ref('excluded.task_details'),
            assignee_id: eb.ref('excluded.assignee_id'),
            assignee_name: eb.ref('excluded.assignee_name'),
            status: eb.ref('excluded.status'),
            updated_at: eb.ref('excluded.updated_at'),
            processed_by_name: eb.ref('excluded.processed_by_name'),
            processed_at: eb.ref('excluded.processed_at'),
            process_comment: eb.ref('excluded.process_comment'),
          })),
        )
        .execute();
    }
    return [...companies].flatMap((companyId) => companyChanges(companyId, 'regularization'));
  },
};

/** The stored rows of the requests the batch touches (a request made in this batch has none yet). */
async function loadRows(trx: Transaction<Database>, events: RecordedEvent[]) {
  const refs = [...new Map(events.map((e) => e.data as { companyId: string; requestId: string }).map((ref) => [requestKey(ref), ref])).values()];
  const rows = new Map<string, Row>();
  for (const chunk of inChunks(refs, 5000)) {
    const stored = await trx
      .selectFrom('regularization_requests')
      .selectAll()
      .where((eb) => eb(eb.refTuple('company_id', 'request_id'), 'in', chunk.map((r) => eb.tuple(r.companyId, r.requestId))))
      .execute();
    for (const row of stored) rows.set(requestKey({ companyId: row.company_id, requestId: row.request_id }), row);
  }
  return rows;
}
