import type { Decider } from '../shared/decider.ts';
import { conflict } from '../shared/errors.ts';
import { accountMessages } from './account.ts';
import type { EmailReservationEvent } from './events.ts';

/**
 * Keeps e-mail addresses unique: one stream per address, written with
 * expected version 'no stream', so two sign-ups can never both win.
 */
export type EmailReservationState = { reservedBy: string | null };

export type EmailReservationCommand = { type: 'ReserveEmail'; email: string; userId: string };

export const emailReservation: Decider<EmailReservationCommand, EmailReservationEvent, EmailReservationState, unknown> = {
  initialState: { reservedBy: null },

  evolve: (_state, event) => ({ reservedBy: event.data.userId }),

  decide(command, state) {
    if (state.reservedBy === command.userId) return [];
    if (state.reservedBy !== null) throw conflict(accountMessages.alreadyRegistered);
    return [{ type: 'EmailReserved', data: { email: command.email, userId: command.userId } }];
  },
};
