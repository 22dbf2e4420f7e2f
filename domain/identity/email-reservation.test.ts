import { describe, it } from 'vitest';
import { given } from '../shared/spec.ts';
import { accountMessages } from './account.ts';
import { emailReservation } from './email-reservation.ts';

const reserved = { type: 'EmailReserved' as const, data: { email: 'ada@example.com', userId: 'u1' } };

describe('e-mail reservation', () => {
  it('reserves a free address', () => {
    given(emailReservation, []).when({ type: 'ReserveEmail', email: 'ada@example.com', userId: 'u1' }, {}).then([reserved]);
  });

  it('refuses an address reserved by someone else', () => {
    given(emailReservation, [reserved])
      .when({ type: 'ReserveEmail', email: 'ada@example.com', userId: 'u2' }, {})
      .thenRefuses(accountMessages.alreadyRegistered);
  });

  it('does nothing when the same user reserves again (a retried sign-up)', () => {
    given(emailReservation, [reserved]).when({ type: 'ReserveEmail', email: 'ada@example.com', userId: 'u1' }, {}).then([]);
  });
});
