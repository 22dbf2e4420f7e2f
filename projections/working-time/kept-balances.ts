import { type Kysely, sql } from 'kysely';
import type { AccountState } from '../../domain/working-time/balance.ts';
import type { LogPosition } from '../../eventstore/types.ts';
import type { Database } from '../database.ts';
import { EVERYONE, workingTimeBalancesProjection } from './balances.ts';

/** Where a person's account stood at the end of a past day, with the figures of that day's month so far. */
export interface KeptBalance {
  userId: string;
  throughDay: string;
  state: AccountState;
  monthTargetMinutes: number;
  monthWorkedMinutes: number;
}

export async function keptBalances(db: Kysely<Database>, companyId: string, userIds: readonly string[]): Promise<Map<string, KeptBalance>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('working_time_snapshots')
    .select(['user_id', 'through_day', 'state', 'month_target_minutes', 'month_worked_minutes'])
    .where('company_id', '=', companyId)
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.user_id,
      { userId: row.user_id, throughDay: row.through_day, state: row.state, monthTargetMinutes: row.month_target_minutes, monthWorkedMinutes: row.month_worked_minutes },
    ]),
  );
}

/**
 * Keeps balances worked out from read models that had all reached `position`,
 * but not a person's whose account changed after it (nor anyone's, when the
 * company's rules did): their balance may miss that change. Taking the
 * balances projection's checkpoint row waits out a batch it is applying, so
 * either its changes are seen here or it drops what is kept here.
 */
export async function keepBalances(db: Kysely<Database>, companyId: string, position: LogPosition, kept: readonly KeptBalance[]): Promise<void> {
  if (kept.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const running = await trx.selectFrom('projection_checkpoints').select('name').where('name', '=', workingTimeBalancesProjection.name).forShare().executeTakeFirst();
    if (!running) return;
    const { rows } = await sql<{ user_id: string }>`
      SELECT user_id FROM working_time_changes
      WHERE company_id = ${companyId} AND user_id = ANY(${[EVERYONE, ...kept.map((balance) => balance.userId)]}::uuid[])
        AND (commit_position, prepare_position) > (${position.commit.toString()}::xid8, ${position.prepare.toString()}::bigint)`.execute(trx);
    const changed = new Set(rows.map((row) => row.user_id));
    if (changed.has(EVERYONE)) return;
    const rowsToKeep = kept
      .filter((balance) => !changed.has(balance.userId))
      .map((balance) => ({
        company_id: companyId,
        user_id: balance.userId,
        through_day: balance.throughDay,
        state: JSON.stringify(balance.state),
        month_target_minutes: balance.monthTargetMinutes,
        month_worked_minutes: balance.monthWorkedMinutes,
      }));
    if (rowsToKeep.length === 0) return;
    await trx
      .insertInto('working_time_snapshots')
      .values(rowsToKeep)
      .onConflict((oc) =>
        oc.columns(['company_id', 'user_id']).doUpdateSet((eb) => ({
          through_day: eb.ref('excluded.through_day'),
          state: eb.ref('excluded.state'),
          month_target_minutes: eb.ref('excluded.month_target_minutes'),
          month_worked_minutes: eb.ref('excluded.month_worked_minutes'),
        })),
      )
      .execute();
  });
}
