import { HOUR_SECONDS, type Limit } from '../limits/allowances.ts';

/**
 * Timesheet decisions one person may make an hour: submissions, approvals
 * (each timesheet of a bulk approval counts), rejections and reopenings.
 * Each is an event kept for good and a live update to others; enough for an
 * Admin to approve a 500-person company's week in one sitting.
 */
export const timesheetDecisionLimit: Limit = {
  name: 'timesheet-decisions',
  capacity: 1_000,
  perSeconds: HOUR_SECONDS,
  message: 'Too many timesheet changes: at most 1,000 an hour. Try again in a few minutes.',
};
