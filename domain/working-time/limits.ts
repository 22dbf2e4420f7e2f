/** Bounds of working-time data: what a form or a person can store. */

export const MAX_HOLIDAY_NAME = 100;
export const MAX_REASON = 500;
/** Company holidays a company can keep in one calendar year. */
export const MAX_COMPANY_HOLIDAYS_PER_YEAR = 60;
/** Contracts a person can have in a company, over the years. */
export const MAX_CONTRACTS = 100;
/** A correction or payout: at most 1,000 hours. */
export const MAX_ENTRY_MINUTES = 1_000 * 60;
/** The carry-over cap: at most 1,000 hours. */
export const MAX_CARRY_OVER_MINUTES = 1_000 * 60;
/** Overtime expires after at most 5 years. */
export const MAX_EXPIRY_MONTHS = 60;
