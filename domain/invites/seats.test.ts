import { describe, expect, it } from 'vitest';
import { planById } from '../billing/plans.ts';
import type { Actor } from '../members/authorization.ts';
import { accessDenied } from '../members/roles.ts';
import { given } from '../shared/spec.ts';
import type { SeatsEvent } from './events.ts';
import { type ReserveSeats, SEAT_RESERVATION_MS, seats, type SeatsContext } from './seats.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const apollo = '00000000-0000-4000-8000-0000000000a1';
const gemini = '00000000-0000-4000-8000-0000000000a2';
const starter = { ...planById('starter')!, seatLimit: 5 };
const refusal = 'Your Starter plan allows up to 5 members. Choose a larger plan to invite more.';
const now = new Date('2026-03-01T10:00:00Z');
const inviteId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const manager = (teams: string[]): Actor => ({ kind: 'member', userId: inviteId(900), companyId, role: 'Manager', managedTeams: new Set(teams) });
const admin: Actor = { kind: 'member', userId: inviteId(901), companyId, role: 'Admin', managedTeams: new Set() };

const reserve = (emails: string[], first: number, actor: Actor = admin, teamIds: (string | null)[] = [apollo]): ReserveSeats => ({
  type: 'ReserveSeats',
  companyId,
  seats: emails.map((email, index) => ({ email, inviteIds: [inviteId(first + index)] })),
  role: 'Member',
  teamIds,
  plan: starter,
  actor,
});
const reserved = (emails: string[], first: number, at = now): SeatsEvent => ({
  type: 'SeatsReserved',
  data: { companyId, seats: emails.map((email, index) => ({ email, inviteIds: [inviteId(first + index)] })), at: at.toISOString() },
});
const context = (taken: string[], shown: number[] = [], at = now): SeatsContext => ({ now: at, taken: new Set(taken), shownInviteIds: new Set(shown.map(inviteId)) });
const three = ['a@x.test', 'b@x.test', 'c@x.test'];

describe('seats', () => {
  it('reserves a seat for each new address, up to the plan’s limit', () => {
    given(seats, []).when(reserve(['d@x.test', 'e@x.test'], 1), context(three)).then([reserved(['d@x.test', 'e@x.test'], 1)]);
    given(seats, []).when(reserve(['d@x.test', 'e@x.test', 'f@x.test'], 1), context(three)).thenRefuses(refusal);
  });

  it('reserves nothing for an address already counted', () => {
    given(seats, []).when(reserve(['a@x.test'], 1), context([...three, 'd@x.test', 'e@x.test'])).then([]);
    given(seats, [reserved(['d@x.test'], 1)]).when(reserve(['d@x.test'], 2), context(three)).then([]);
  });

  it('counts a reservation the read models do not show yet, so two invitations at once cannot both take the last seats', () => {
    const first = reserved(['d@x.test', 'e@x.test'], 1);
    given(seats, [first]).when(reserve(['f@x.test'], 3), context(three)).thenRefuses(refusal);
  });

  it('stops counting a reservation once the read models show its invites, pending or answered', () => {
    const first = reserved(['d@x.test', 'e@x.test'], 1);
    // Both shown and pending: counted once, among the seats taken.
    given(seats, [first]).when(reserve(['f@x.test'], 3), context([...three, 'd@x.test', 'e@x.test'], [1, 2])).thenRefuses(refusal);
    // Both shown, one declined: its seat is free again.
    given(seats, [first]).when(reserve(['f@x.test'], 3), context([...three, 'd@x.test'], [1, 2])).then([reserved(['f@x.test'], 3)]);
  });

  it('forgets a reservation whose invites never showed after the window', () => {
    const first = reserved(['d@x.test', 'e@x.test'], 1);
    const later = new Date(now.getTime() + SEAT_RESERVATION_MS);
    given(seats, [first]).when(reserve(['f@x.test'], 3), context(three, [], later)).then([reserved(['f@x.test'], 3, later)]);
    const state = [first, reserved(['g@x.test'], 3, later)].reduce(seats.evolve, seats.initialState);
    expect(state.reservations.map((reservation) => reservation.email)).toEqual(['g@x.test']);
  });

  it('lets only those who may send the invitations reserve their seats', () => {
    given(seats, []).when(reserve(['d@x.test'], 1, manager([apollo])), context(three)).then([reserved(['d@x.test'], 1)]);
    given(seats, []).when(reserve(['d@x.test'], 1, manager([apollo]), [apollo, gemini]), context(three)).thenRefuses(accessDenied);
    given(seats, []).when({ ...reserve(['d@x.test'], 1, manager([apollo])), role: 'Head' }, context(three)).thenRefuses(accessDenied);
  });
});
