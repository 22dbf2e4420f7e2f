import type { Insertable } from 'kysely';
import { companyChanges } from '../../domain/shared/scope.ts';
import type { TimesheetEvent } from '../../domain/timesheets/events.ts';
import type { TimesheetsTable } from '../database.ts';
import type { Projection, Scope } from '../projection.ts';

type Row = Insertable<TimesheetsTable>;
type Answer = Exclude<TimesheetEvent, { type: 'TimesheetTimeChanged' | 'TimesheetBalanceRecorded' }>;
type Handled = Exclude<TimesheetEvent, { type: 'TimesheetTimeChanged' }>;

/** What each answer makes of a timesheet's row. */
function rowAfter(event: Answer, before: Row | undefined): Row {
  if (event.type === 'TimesheetReassigned') {
    // Only a submitted timesheet moves on, so its row exists; a missing one is set aside.
    if (!before) throw new Error(`No timesheet of ${event.data.userId} starting ${event.data.start} to move on`);
    return { ...before, approver_id: event.data.to.userId, approver_name: event.data.to.name };
  }
  const { companyId, userId, start, end, by, at } = event.data;
  const base: Row = before ?? { company_id: companyId, user_id: userId, period_start: start, period_end: end, status: 'Submitted', approver_id: null, approver_name: null, note: '', reason: null, totals: null, working_time: null, updated_at: new Date(at), updated_by_name: by.name };
  const changed = { ...base, period_end: end, updated_at: new Date(at), updated_by_name: by.name };
  switch (event.type) {
    case 'TimesheetSubmitted':
      return { ...changed, status: 'Submitted', approver_id: event.data.approver.userId, approver_name: event.data.approver.name, note: event.data.note, reason: null, totals: null };
    case 'TimesheetApproved':
      return { ...changed, status: 'Approved', reason: null, totals: JSON.stringify(event.data.totals), working_time: null };
    case 'TimesheetRejected':
      return { ...changed, status: 'Rejected', reason: event.data.reason };
    case 'TimesheetReopened':
      return { ...changed, status: 'Reopened', reason: event.data.reason, totals: null, working_time: null };
  }
}

/**
 * Each person's timesheet per period: its status, whom it was sent to, the
 * reason of a rejection or a reopening, and the figures approved. A batch
 * loads the rows it touches, folds its events into them and writes each once.
 * The notes of changes of time are the lock's, not the sheet's: not handled.
 */
export const timesheetsProjection: Projection = {
  name: 'timesheets',
  tables: ['timesheets'],
  handles: ['TimesheetSubmitted', 'TimesheetApproved', 'TimesheetRejected', 'TimesheetReopened', 'TimesheetReassigned', 'TimesheetBalanceRecorded'],

  async apply(trx, recorded) {
    const events = recorded.map((r) => ({ type: r.type, data: r.data }) as Handled);
    const keyOf = (companyId: string, userId: string, start: string) => `${companyId}:${userId}:${start}`;
    const rows = new Map<string, Row>();
    const companies = [...new Set(events.map((event) => event.data.companyId))];
    const stored = await trx
      .selectFrom('timesheets')
      .selectAll()
      .where('company_id', 'in', companies)
      .where('user_id', 'in', [...new Set(events.map((event) => event.data.userId))])
      .where('period_start', 'in', [...new Set(events.map((event) => event.data.start))])
      .execute();
    for (const row of stored) rows.set(keyOf(row.company_id, row.user_id, row.period_start), { ...row, totals: row.totals && JSON.stringify(row.totals), working_time: row.working_time && JSON.stringify(row.working_time) });
    const scopes: Scope[] = [];
    for (const event of events) {
      const { companyId, userId, start } = event.data;
      const key = keyOf(companyId, userId, start);
      if (event.type === 'TimesheetBalanceRecorded') {
        // Written right after its approval, so the row is there; a missing one is set aside.
        const row = rows.get(key);
        if (!row) throw new Error(`No timesheet of ${userId} starting ${start} to record the balance of`);
        rows.set(key, { ...row, working_time: JSON.stringify(event.data.days) });
        continue;
      }
      rows.set(key, rowAfter(event, rows.get(key)));
      scopes.push(...companyChanges(companyId, 'timesheets', 'working-time'));
    }
    await trx
      .insertInto('timesheets')
      .values([...rows.values()])
      .onConflict((oc) =>
        oc.columns(['company_id', 'user_id', 'period_start']).doUpdateSet((eb) => ({
          period_end: eb.ref('excluded.period_end'),
          status: eb.ref('excluded.status'),
          approver_id: eb.ref('excluded.approver_id'),
          approver_name: eb.ref('excluded.approver_name'),
          note: eb.ref('excluded.note'),
          reason: eb.ref('excluded.reason'),
          totals: eb.ref('excluded.totals'),
          working_time: eb.ref('excluded.working_time'),
          updated_at: eb.ref('excluded.updated_at'),
          updated_by_name: eb.ref('excluded.updated_by_name'),
        })),
      )
      .execute();
    return scopes;
  },
};
