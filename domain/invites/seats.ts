import { type LimitedPlan, seatLimitMessage } from '../billing/plans.ts';
import { type Actor, authorize } from '../members/authorization.ts';
import type { Role } from '../members/roles.ts';
import type { Decider } from '../shared/decider.ts';
import { conflict } from '../shared/errors.ts';
import type { SeatsEvent } from './events.ts';

/*
 * A plan's seat limit across a company's invitations. The read models count
 * the seats taken (members and pending invitations), but they may not show yet
 * an invitation sent a moment ago: each invitation to a new address first
 * reserves its seat on the company's seats stream, written with its expected
 * version, and a reservation counts until the read models show its invites.
 */

/** How long a reservation whose invites never showed (their sending failed) still counts. */
export const SEAT_RESERVATION_MS = 15 * 60_000;

export interface SeatReservation {
  email: string;
  inviteIds: readonly string[];
  at: string;
}

export interface ReserveSeats {
  type: 'ReserveSeats';
  companyId: string;
  /** Each address invited, normalized, with the ids of the invites it is about to be sent (one per team). */
  seats: readonly { email: string; inviteIds: readonly string[] }[];
  /** What the invitations grant, where: the inviter's right to send them. */
  role: Role;
  teamIds: readonly (string | null)[];
  plan: LimitedPlan;
  actor: Actor;
}

export interface SeatsContext {
  now: Date;
  /** The seats the read models show taken: the addresses of the members and of the pending invitations. */
  taken: ReadonlySet<string>;
  /** Which of the reserved invites the read models show (sent, answered or expired). */
  shownInviteIds: ReadonlySet<string>;
}

export interface SeatsState {
  reservations: readonly SeatReservation[];
}

/** The reservations that still count: recent, and none of whose invites the read models show. */
export const unshownReservations = (state: SeatsState, { now, shownInviteIds }: Pick<SeatsContext, 'now' | 'shownInviteIds'>): SeatReservation[] =>
  state.reservations.filter((reservation) => now.getTime() - Date.parse(reservation.at) < SEAT_RESERVATION_MS && !reservation.inviteIds.some((id) => shownInviteIds.has(id)));

export const seats: Decider<ReserveSeats, SeatsEvent, SeatsState, SeatsContext> = {
  initialState: { reservations: [] },

  // Reservations older than the window count no more: the state keeps the recent ones only.
  evolve: (state, { data }) => ({
    reservations: [
      ...state.reservations.filter((reservation) => Date.parse(data.at) - Date.parse(reservation.at) < SEAT_RESERVATION_MS),
      ...data.seats.map((seat) => ({ ...seat, at: data.at })),
    ],
  }),

  decide(command, state, context) {
    for (const teamId of command.teamIds) authorize(command.actor, 'SendInvite', { companyId: command.companyId, team: teamId, grants: command.role });
    const counted = new Set([...context.taken, ...unshownReservations(state, context).map((reservation) => reservation.email)]);
    const wanted = command.seats.filter((seat) => !counted.has(seat.email));
    if (wanted.length === 0) return [];
    if (counted.size + wanted.length > command.plan.seatLimit) throw conflict(seatLimitMessage(command.plan));
    return [{ type: 'SeatsReserved', data: { companyId: command.companyId, seats: wanted.map(({ email, inviteIds }) => ({ email, inviteIds: [...inviteIds] })), at: context.now.toISOString() } }];
  },
};
