import type { Transaction } from 'kysely';
import type { AccountEvent } from '../../domain/identity/events.ts';

type HandledEvent = Extract<AccountEvent, { type: 'AccountRegistered' | 'EmailVerified' | 'ProfileRenamed' }>;
import { decidedAt } from '../../eventstore/decided-at.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import type { AccountsTable, Database } from '../database.ts';
import type { Projection } from '../projection.ts';

/** One row per user account: what the profile and member lists show. */
export const accountsProjection: Projection = {
  name: 'accounts',
  tables: ['accounts'],
  handles: ['AccountRegistered', 'EmailVerified', 'ProfileRenamed'],

  async apply(trx, events) {
    const rows = await loadTouched(trx, events);
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as HandledEvent;
      const at = new Date(decidedAt(recorded));
      if (event.type === 'AccountRegistered') {
        const { userId, email, fullName } = event.data;
        rows.set(userId, { user_id: userId, email, full_name: fullName, email_verified: false, created_at: at, updated_at: at });
        continue;
      }
      const row = rows.get(event.data.userId);
      if (!row) continue;
      if (event.type === 'EmailVerified') Object.assign(row, { email_verified: true, updated_at: at });
      if (event.type === 'ProfileRenamed') Object.assign(row, { full_name: event.data.fullName, updated_at: at });
    }
    if (rows.size > 0) {
      await trx
        .insertInto('accounts')
        .values([...rows.values()])
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            full_name: eb.ref('excluded.full_name'),
            email_verified: eb.ref('excluded.email_verified'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
    return [...rows.keys()].map((id) => ({ kind: 'user' as const, id, family: 'profile' as const }));
  },
};

async function loadTouched(trx: Transaction<Database>, events: RecordedEvent[]): Promise<Map<string, AccountsTable>> {
  const ids = [...new Set(events.map((e) => (e.data as { userId: string }).userId))];
  const existing = await trx.selectFrom('accounts').selectAll().where('user_id', 'in', ids).execute();
  return new Map(existing.map((row) => [row.user_id, row]));
}
