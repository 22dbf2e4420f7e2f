import { sql } from 'kysely';
import type { LogPosition, RecordedEvent } from '../../eventstore/types.ts';
import type { Projection } from '../projection.ts';

/** Stands for everyone in a company, in working_time_changes. */
export const EVERYONE = '00000000-0000-0000-0000-000000000000';

/** The read models a working-time account is worked out from (projections/working-time/index.ts). */
export const ACCOUNT_SOURCES = ['timelog', 'attendance', 'timesheets', 'organisation', 'settings', 'working-time'] as const;

/** What an event changes of the accounts: one person's or everyone's in a company, from a day on (null: every day). */
interface AccountChange {
  companyId: string;
  userId: string;
  fromDay: string | null;
}

type Data = { companyId: string; userId?: string } & Record<string, unknown>;

const earliest = (days: readonly string[]): string | null => (days.length ? days.reduce((a, b) => (b < a ? b : a)) : null);

/**
 * The change each event the accounts read makes, as narrow as its data
 * tells; null: none. A change left unknown counts for every day, so a kept
 * balance is never wrong, only sometimes worked out again.
 */
function accountChange({ type, data }: { type: string; data: Data }): AccountChange | null {
  const { companyId } = data;
  // An event without its person changes everyone's, to be safe.
  const person = (fromDay: string | null): AccountChange => ({ companyId, userId: data.userId ?? EVERYONE, fromDay });
  const everyone = (fromDay: string | null): AccountChange => ({ companyId, userId: EVERYONE, fromDay });
  switch (type) {
    case 'TimerStopped':
    case 'TimerAbandoned':
    case 'RegularizationApproved': {
      const day = earliest((data.entries as { day: string }[]).map((entry) => entry.day));
      return day === null ? null : person(day);
    }
    case 'LeaveApproved':
      return person(data.leaveDate as string);
    case 'TimesheetApproved':
    case 'TimesheetRejected':
    case 'TimesheetReopened':
    case 'TimesheetBalanceRecorded':
      return person(data.start as string);
    case 'ContractSet':
      return person((data.contract as { from: string }).from);
    case 'ContractRemoved':
      return person(data.from as string);
    case 'BalanceCorrected':
    case 'OvertimePaidOut':
      return person(data.day as string);
    case 'MemberJoined':
    case 'PersonHolidayRegionSet':
      return person(null);
    case 'CompanyHolidayAdded':
    case 'CompanyHolidayRemoved':
      return everyone(data.day as string);
    default:
      // The company's rules and its daily threshold (the target until one is set).
      return everyone(null);
  }
}

/**
 * Kept balances: where each person's account stood at the close of a past
 * month (written by the reader, projections/working-time/index.ts), and the
 * last place in the log that changed each person's account. Each event that
 * changes accounts drops the kept balances it reaches back to, and marks the
 * person (or everyone) changed at its place, so a balance worked out from
 * read models that had not yet applied it is not kept.
 */
export const workingTimeBalancesProjection: Projection = {
  name: 'working-time-balances',
  tables: ['working_time_snapshots', 'working_time_changes'],
  handles: [
    'TimerStopped',
    'TimerAbandoned',
    'RegularizationApproved',
    'LeaveApproved',
    'TimesheetApproved',
    'TimesheetRejected',
    'TimesheetReopened',
    'TimesheetBalanceRecorded',
    'MemberJoined',
    'DailyThresholdSet',
    'WorkingDaysSet',
    'DailyTargetSet',
    'HolidayRegionSet',
    'BalanceRulesSet',
    'CompanyHolidayAdded',
    'CompanyHolidayRemoved',
    'ContractSet',
    'ContractRemoved',
    'PersonHolidayRegionSet',
    'BalanceCorrected',
    'OvertimePaidOut',
  ],

  async apply(trx, recorded) {
    // Per person (or everyone) of a company: the earliest day changed ('' for every day) and the last place.
    const changes = new Map<string, { companyId: string; userId: string; fromDay: string; position: LogPosition }>();
    for (const event of recorded) {
      const change = accountChange(event as RecordedEvent & { data: Data });
      if (!change) continue;
      const key = `${change.companyId} ${change.userId}`;
      const fromDay = change.fromDay ?? '';
      const before = changes.get(key);
      changes.set(key, { ...change, fromDay: before && before.fromDay < fromDay ? before.fromDay : fromDay, position: event.position });
    }
    if (changes.size === 0) return [];
    const rows = [...changes.values()];
    await sql`
      DELETE FROM working_time_snapshots kept
      USING (VALUES ${sql.join(rows.map((row) => sql`(${row.companyId}::uuid, ${row.userId}::uuid, ${row.fromDay || '0001-01-01'}::date)`))}) AS changed (company_id, user_id, from_day)
      WHERE kept.company_id = changed.company_id
        AND (changed.user_id = ${EVERYONE}::uuid OR kept.user_id = changed.user_id)
        AND kept.through_day >= changed.from_day`.execute(trx);
    await trx
      .insertInto('working_time_changes')
      .values(rows.map((row) => ({ company_id: row.companyId, user_id: row.userId, commit_position: row.position.commit.toString(), prepare_position: row.position.prepare.toString() })))
      .onConflict((oc) =>
        oc.columns(['company_id', 'user_id']).doUpdateSet((eb) => ({ commit_position: eb.ref('excluded.commit_position'), prepare_position: eb.ref('excluded.prepare_position') })),
      )
      .execute();
    // Nothing a page shows changed: the accounts' own read models tell that.
    return [];
  },
};
