import { describe, expect, it } from 'vitest';
import { subscriptionStanding } from './subscriptionStanding';

const now = new Date('2025-03-10T12:00:00Z');
const answer = (changes: Partial<Parameters<typeof subscriptionStanding>[0]>) => ({
  status: 'trial',
  trialExpiryDate: null,
  paymentWarning: false,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
  nextPaymentAttempt: null,
  ...changes,
});

describe('subscriptionStanding', () => {
  it('says a running trial is a trial, with its days left, never active', () => {
    expect(subscriptionStanding(answer({ trialExpiryDate: '2025-04-09T12:00:00Z' }), now)).toEqual({ kind: 'trial', daysLeft: 30, endsAt: '2025-04-09T12:00:00Z' });
    expect(subscriptionStanding(answer({ status: '' }), now)).toEqual({ kind: 'trial', daysLeft: null, endsAt: null });
  });

  it('tells a trial that has ended from a suspended subscription', () => {
    expect(subscriptionStanding(answer({ trialExpiryDate: '2025-03-10T11:59:59Z' }), now)).toEqual({ kind: 'trial-ended' });
    expect(subscriptionStanding(answer({ status: 'suspended', trialExpiryDate: '2025-04-09T12:00:00Z' }), now)).toEqual({ kind: 'suspended' });
  });

  it('reads active, past due and cancelled from an active subscription', () => {
    const paid = { status: 'active', trialExpiryDate: '2020-01-01T00:00:00Z', currentPeriodEnd: '2025-04-01T00:00:00Z' };
    expect(subscriptionStanding(answer(paid), now)).toEqual({ kind: 'active' });
    expect(subscriptionStanding(answer({ ...paid, paymentWarning: true, nextPaymentAttempt: '2025-03-12T00:00:00Z' }), now)).toEqual({
      kind: 'past-due',
      retryAt: '2025-03-12T00:00:00Z',
      until: '2025-04-01T00:00:00Z',
    });
    expect(subscriptionStanding(answer({ ...paid, cancelAtPeriodEnd: true }), now)).toEqual({ kind: 'cancelled', until: '2025-04-01T00:00:00Z' });
  });
});
