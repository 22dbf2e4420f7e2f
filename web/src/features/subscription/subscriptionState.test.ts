import { describe, expect, it } from 'vitest';
import { subscriptionState } from './subscriptionState';

const now = new Date('2025-03-10T12:00:00Z');
const company = (subscriptionStatus: string, trialExpiryDate: string | null) => ({ subscriptionStatus, trialExpiryDate });

describe('subscriptionState', () => {
  it('locks a suspended company and a trial past its end', () => {
    expect(subscriptionState(company('suspended', null), now)).toEqual({ kind: 'locked' });
    expect(subscriptionState(company('trial', '2025-03-10T11:59:59Z'), now)).toEqual({ kind: 'locked' });
  });
  it('opens an active company whatever its old trial date', () => {
    expect(subscriptionState(company('active', '2020-01-01T00:00:00Z'), now)).toEqual({ kind: 'active' });
  });
  it('counts trial days left as the ceiling of remaining days', () => {
    expect(subscriptionState(company('trial', '2025-03-10T12:00:01Z'), now)).toEqual({ kind: 'trial', daysLeft: 1 });
    expect(subscriptionState(company('trial', '2025-03-12T12:00:00Z'), now)).toEqual({ kind: 'trial', daysLeft: 2 });
  });
  it('reads a missing or unknown status as trial', () => {
    expect(subscriptionState(company('', '2025-03-20T12:00:00Z'), now)).toEqual({ kind: 'trial', daysLeft: 10 });
    expect(subscriptionState(company('paused', '2025-03-01T00:00:00Z'), now)).toEqual({ kind: 'locked' });
    expect(subscriptionState(company('trial', null), now)).toEqual({ kind: 'trial', daysLeft: null });
  });
});
