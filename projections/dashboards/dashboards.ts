import { type Insertable, sql, type Transaction } from 'kysely';
import { rateCents } from '../../domain/dashboards/time-summary.ts';
import type { MemberEvent } from '../../domain/members/events.ts';
import type { RegularizationEvent } from '../../domain/regularization/events.ts';
import type { TimelogEntry, TrackerEvent } from '../../domain/time-tracking/events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import type { DailyRollupsTable, Database } from '../database.ts';
import { inChunks, type Projection, type Scope } from '../projection.ts';
import { companyChanges } from '../scope.ts';

type SessionEnd = Extract<TrackerEvent, { type: 'TimerStopped' | 'TimerAbandoned' }>['data'];
/** Time logged on one task of one team: a session's, or an approved regularization request's (manual). */
type Logged = Pick<SessionEnd | Extract<RegularizationEvent, { type: 'RegularizationApproved' }>['data'], 'companyId' | 'userId' | 'teamId' | 'projectId' | 'projectName' | 'taskId' | 'entries'>;
type RateEdit = Extract<MemberEvent, { type: 'MemberDetailsEdited' }>;

interface Rate {
  effectiveAt: number;
  cents: number;
}

const personKey = (companyId: string, userId: string) => `${companyId}:${userId}`;

/**
 * The dashboards' read side: each member's rate history, and tracked time
 * rolled up per person, local day, team, project, task and the rate in force
 * when it was tracked. Earnings come from these at read time (whole minutes
 * of one rate × that rate), so a rate change never rewrites past earnings,
 * and the dashboards never read raw time logs for their sums. Time from an
 * approved regularization request counts as tracked time, and as manual time too.
 */
export const dashboardsProjection: Projection = {
  name: 'dashboards',
  tables: ['member_rates', 'daily_rollups'],
  handles: ['MemberDetailsEdited', 'TimerStopped', 'TimerAbandoned', 'RegularizationApproved'],

  async apply(trx, events) {
    const rates = await loadRates(trx, events);
    const newRates: { company_id: string; user_id: string; effective_at: Date; rate_cents: number }[] = [];
    const rollups = new Map<string, Rollup>();
    const companies = new Set<string>();

    for (const recorded of events) {
      if (recorded.type === 'MemberDetailsEdited') {
        const { companyId, userId, hourlyRate, editedAt } = (recorded as unknown as RateEdit).data;
        const rate = { effectiveAt: Date.parse(editedAt ?? recorded.recordedAt), cents: hourlyRate === null ? 0 : rateCents(hourlyRate) };
        const history = rates.get(personKey(companyId, userId)) ?? [];
        // Unchanged (a rename): no new row.
        if (rateAt(history, rate.effectiveAt) === rate.cents) continue;
        history.push(rate);
        history.sort((a, b) => a.effectiveAt - b.effectiveAt);
        rates.set(personKey(companyId, userId), history);
        newRates.push({ company_id: companyId, user_id: userId, effective_at: new Date(rate.effectiveAt), rate_cents: rate.cents });
        continue;
      }
      const logged = recorded.data as Logged;
      const manual = recorded.type === 'RegularizationApproved';
      companies.add(logged.companyId);
      const history = rates.get(personKey(logged.companyId, logged.userId)) ?? [];
      for (const entry of logged.entries) addEntry(rollups, logged, entry, rateAt(history, Date.parse(entry.start)), manual);
    }

    for (const chunk of inChunks(newRates, 5000)) {
      await trx.insertInto('member_rates').values(chunk).onConflict((oc) => oc.columns(['company_id', 'user_id', 'effective_at']).doUpdateSet({ rate_cents: sql`excluded.rate_cents` })).execute();
    }
    for (const chunk of inChunks([...rollups.values()], 3000)) {
      await trx
        .insertInto('daily_rollups')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['company_id', 'user_id', 'day', 'team_id', 'project_id', 'task_id', 'rate_cents']).doUpdateSet({
            project_name: sql`excluded.project_name`,
            tracked_ms: sql`daily_rollups.tracked_ms + excluded.tracked_ms`,
            idle_ms: sql`daily_rollups.idle_ms + excluded.idle_ms`,
            manual_ms: sql`daily_rollups.manual_ms + excluded.manual_ms`,
            entries: sql`daily_rollups.entries + excluded.entries`,
            first_start: sql`least(daily_rollups.first_start, excluded.first_start)`,
            last_end: sql`greatest(daily_rollups.last_end, excluded.last_end)`,
          }),
        )
        .execute();
    }
    return [...companies].flatMap((companyId): Scope[] => companyChanges(companyId, 'dashboards'));
  },
};

/** The rate in force at `at` (cents per hour; 0 without one). */
function rateAt(history: readonly Rate[], at: number): number {
  let cents = 0;
  for (const rate of history) {
    if (rate.effectiveAt > at) break;
    cents = rate.cents;
  }
  return cents;
}

type Rollup = Required<Insertable<DailyRollupsTable>>;

function addEntry(rollups: Map<string, Rollup>, session: Logged, entry: TimelogEntry, rate: number, manual: boolean) {
  const key = [session.companyId, session.userId, entry.day, session.teamId, session.projectId, session.taskId, rate].join('|');
  const start = new Date(entry.start);
  const end = new Date(entry.end);
  const trackedMs = Math.round(entry.seconds * 1000);
  const manualMs = manual ? trackedMs : 0;
  const row = rollups.get(key);
  if (!row) {
    rollups.set(key, {
      company_id: session.companyId,
      user_id: session.userId,
      day: entry.day,
      team_id: session.teamId,
      project_id: session.projectId,
      project_name: session.projectName,
      task_id: session.taskId,
      rate_cents: rate,
      tracked_ms: trackedMs,
      idle_ms: entry.idleMinutes * 60_000,
      manual_ms: manualMs,
      entries: 1,
      first_start: start,
      last_end: end,
    });
    return;
  }
  row.tracked_ms += trackedMs;
  row.idle_ms += entry.idleMinutes * 60_000;
  row.manual_ms += manualMs;
  row.entries += 1;
  if (start < row.first_start) row.first_start = start;
  if (end > row.last_end) row.last_end = end;
}

/** The rate history of everyone whose time or rate the batch touches. */
async function loadRates(trx: Transaction<Database>, events: RecordedEvent[]) {
  const people = new Map<string, { companyId: string; userId: string }>();
  for (const event of events) {
    const { companyId, userId } = event.data as { companyId: string; userId: string };
    people.set(personKey(companyId, userId), { companyId, userId });
  }
  const rates = new Map<string, Rate[]>();
  for (const chunk of inChunks([...people.values()], 5000)) {
    const rows = await trx
      .selectFrom('member_rates')
      .select(['company_id', 'user_id', 'effective_at', 'rate_cents'])
      .where((eb) => eb(eb.refTuple('company_id', 'user_id'), 'in', chunk.map((p) => eb.tuple(p.companyId, p.userId))))
      .orderBy('effective_at')
      .execute();
    for (const row of rows) {
      const key = personKey(row.company_id, row.user_id);
      rates.set(key, [...(rates.get(key) ?? []), { effectiveAt: row.effective_at.getTime(), cents: row.rate_cents }]);
    }
  }
  return rates;
}
