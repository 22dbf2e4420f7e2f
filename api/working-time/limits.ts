import { HOUR_SECONDS, type Limit } from '../limits/allowances.ts';

/**
 * Working-time changes one person may make an hour: rules, holidays,
 * contracts, regions, corrections and payouts. Each is an event kept for good
 * (a correction or payout a stored row); enough to set up a large company's
 * contracts in one sitting.
 */
export const workingTimeChangeLimit: Limit = {
  name: 'working-time-changes',
  capacity: 600,
  perSeconds: HOUR_SECONDS,
  message: 'Too many working-time changes: at most 600 an hour. Try again in a few minutes.',
};
