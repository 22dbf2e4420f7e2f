import type { AccountEvent } from '../../domain/identity/events.ts';
import type { Projection } from '../projection.ts';

/** One row per user account: what the profile and member lists show. */
export const accountsProjection: Projection = {
  name: 'accounts',
  tables: ['accounts'],
  handles: ['AccountRegistered', 'EmailVerified', 'ProfileRenamed'],

  async apply(trx, recorded) {
    const event = { type: recorded.type, data: recorded.data } as AccountEvent;
    const at = new Date(recorded.recordedAt);
    switch (event.type) {
      case 'AccountRegistered': {
        const { userId, email, fullName } = event.data;
        await trx
          .insertInto('accounts')
          .values({ user_id: userId, email, full_name: fullName, email_verified: false, created_at: at, updated_at: at })
          .execute();
        return [{ kind: 'user', id: userId }];
      }
      case 'EmailVerified':
        await trx.updateTable('accounts').set({ email_verified: true, updated_at: at }).where('user_id', '=', event.data.userId).execute();
        return [{ kind: 'user', id: event.data.userId }];
      case 'ProfileRenamed':
        await trx.updateTable('accounts').set({ full_name: event.data.fullName, updated_at: at }).where('user_id', '=', event.data.userId).execute();
        return [{ kind: 'user', id: event.data.userId }];
    }
  },
};
