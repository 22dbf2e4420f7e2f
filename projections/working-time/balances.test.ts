import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { readAllSettled, useTestDatabase } from '../../tests/support/test-database.ts';
import { attendanceProjection } from '../attendance/attendance.ts';
import { settingsProjection } from '../settings/settings.ts';
import { timesheetsProjection } from '../timesheets/timesheets.ts';
import { EVERYONE, workingTimeBalancesProjection } from './balances.ts';
import { keepBalances, keptBalances } from './kept-balances.ts';
import { workingTimeProjection } from './working-time.ts';

const companyId = randomUUID();
const [ana, bo] = [randomUUID(), randomUUID()];
const STATE = { lots: [{ month: '2026-03', minutes: 90 }], debt: 0 };

describe('kept balances', () => {
  const database = useTestDatabase();

  /** Appends the events and applies them to the balances projection, as its runner would; answers their events. */
  async function apply(...events: { type: string; data: Record<string, unknown> }[]): Promise<RecordedEvent[]> {
    const ids = new Set<string>();
    for (const { type, data } of events) {
      const eventId = randomUUID();
      ids.add(eventId);
      await database.store.append(`balances-${randomUUID()}`, [{ eventId, type, data: { companyId, ...data }, metadata: { correlationId: 'test' } }], 'no_stream');
    }
    const recorded = (await readAllSettled(database)).filter((event) => ids.has(event.eventId));
    await database.db.transaction().execute((trx) => workingTimeBalancesProjection.apply(trx, recorded));
    return recorded;
  }
  const keptPeople = async () => [...(await keptBalances(database.db, companyId, [ana, bo])).keys()].sort();
  const keepBoth = async (position: RecordedEvent['position']) => {
    await database.db.insertInto('projection_checkpoints').values({ name: workingTimeBalancesProjection.name, commit_position: '0', prepare_position: '0' }).onConflict((oc) => oc.column('name').doNothing()).execute();
    await keepBalances(database.db, companyId, position, [ana, bo].map((userId) => ({ userId, throughDay: '2026-03-31', state: STATE, monthTargetMinutes: 9600, monthWorkedMinutes: 9690 })));
  };

  it('drops what a change reaches back to, a person’s or everyone’s, and keeps the rest', async () => {
    const [start] = await apply({ type: 'BalanceCorrected', data: { userId: bo, day: '2026-01-05', minutes: 10, reason: 'x', by: { userId: bo, name: 'Bo' }, at: '2026-01-05T10:00:00Z' } });
    await keepBoth(start.position);
    expect(await keptPeople()).toEqual([ana, bo].sort());
    expect((await keptBalances(database.db, companyId, [ana])).get(ana)).toEqual({ userId: ana, throughDay: '2026-03-31', state: STATE, monthTargetMinutes: 9600, monthWorkedMinutes: 9690 });

    // Ana's time in April leaves March's close as it was.
    const entry = (day: string) => ({ day, start: `${day}T09:00:00Z`, end: `${day}T10:00:00Z`, seconds: 3600, idleMinutes: 0, splitIndex: 0, totalSplits: 1 });
    await apply({ type: 'TimerStopped', data: { userId: ana, entries: [entry('2026-04-02')] } });
    expect(await keptPeople()).toEqual([ana, bo].sort());
    // Manual time in March drops hers.
    await apply({ type: 'RegularizationApproved', data: { userId: ana, entries: [entry('2026-03-30'), entry('2026-03-31')] } });
    expect(await keptPeople()).toEqual([bo]);
    // A company holiday in February drops everyone's.
    await apply({ type: 'CompanyHolidayAdded', data: { day: '2026-02-16', name: 'Carnival' } });
    expect(await keptPeople()).toEqual([]);
  });

  it('keeps nothing worked out before a change it has not seen: a person’s for them, the company’s for everyone', async () => {
    const [before] = await apply({ type: 'BalanceCorrected', data: { userId: bo, day: '2026-04-01', minutes: 10, reason: 'x', by: { userId: bo, name: 'Bo' }, at: '2026-04-01T10:00:00Z' } });
    const [later] = await apply({ type: 'ContractRemoved', data: { userId: ana, from: '2026-04-01' } });
    // Worked out before Ana's change: Bo's is kept, hers is not.
    await keepBoth(before.position);
    expect(await keptPeople()).toEqual([bo]);
    await keepBoth(later.position);
    expect(await keptPeople()).toEqual([ana, bo].sort());
    const [rules] = await apply({ type: 'DailyThresholdSet', data: { minutes: 420 } });
    await keepBoth(later.position);
    expect(await keptPeople()).toEqual([]);
    await keepBoth(rules.position);
    expect(await keptPeople()).toEqual([ana, bo].sort());
    expect((await database.db.selectFrom('working_time_changes').select('user_id').where('company_id', '=', companyId).execute()).map((row) => row.user_id)).toContain(EVERYONE);
  });

  it('hears of every change to what an account is worked out from: rules, holidays, contracts, entries, leave, approvals and the daily threshold', () => {
    const changing = [
      ...workingTimeProjection.handles,
      ...timesheetsProjection.handles.filter((type) => type !== 'TimesheetSubmitted' && type !== 'TimesheetReassigned'),
      ...attendanceProjection.handles.filter((type) => type !== 'PunchedIn' && type !== 'PunchedOut'),
      ...settingsProjection.handles.filter((type) => type === 'DailyThresholdSet'),
      'MemberJoined',
    ];
    expect(changing.filter((type) => !workingTimeBalancesProjection.handles.includes(type))).toEqual([]);
  });
});
