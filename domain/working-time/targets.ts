import { type LeaveCode, type Weekday, weekdayOf } from '../attendance/day-status.ts';

/**
 * How much work a day asks of a person: the one rule for targets, read by
 * the balances, the pages and the sheets alike.
 *
 * A target is minutes of work, never a share of a calendar day: a day of a
 * clock change (23 or 25 hours long) keeps its target.
 */

export const MAX_DAY_MINUTES = 24 * 60;

/** The company's rule: its working days (the others are Week Off) and the target of each. */
export interface CompanyTargets {
  workingDays: readonly Weekday[];
  dailyTargetMinutes: number;
}

/** A person's contract from one day on, to another or open-ended: the minutes of work each weekday asks, Monday first. */
export interface Contract {
  /** YYYY-MM-DD, the first day it applies. */
  from: string;
  /** YYYY-MM-DD, the last day it applies; null: open-ended. */
  until: string | null;
  /** Seven whole numbers of minutes, Monday to Sunday. */
  weekdayMinutes: readonly number[];
}

export const contractMessages = {
  dayTooLong: 'A contract day can hold at most 24 hours.',
  weekShape: 'A contract gives the hours of each of the seven weekdays, Monday to Sunday.',
  untilBeforeFrom: 'A contract cannot end before it starts.',
  overlap: (other: Contract) => `This contract overlaps the one from ${other.from}${other.until ? ` to ${other.until}` : ''}; change or end that one first.`,
} as const;

/** The contract in force on a day, if any. */
export function contractOn(contracts: readonly Contract[], day: string): Contract | undefined {
  return contracts.find((contract) => contract.from <= day && (contract.until === null || day <= contract.until));
}

export interface TargetFacts {
  company: CompanyTargets;
  /** The person's contracts, in any order; none overlap. */
  contracts: readonly Contract[];
  /** Whether the day is a public or company holiday where the person works. */
  holiday: boolean;
}

/**
 * A day's target in minutes: none on a holiday; else what the person's
 * contract in force that day gives its weekday; else the company's daily
 * target on a working day and none on a day off.
 */
export function dayTargetMinutes(day: string, { company, contracts, holiday }: TargetFacts, weekday: Weekday = weekdayOf(day)): number {
  if (holiday) return 0;
  const contract = contractOn(contracts, day);
  if (contract) return contract.weekdayMinutes[weekday - 1];
  return company.workingDays.includes(weekday) ? company.dailyTargetMinutes : 0;
}

/** Why a contract cannot be kept beside the others (each checked in turn), or null when it can. */
export function contractProblem(contract: Contract, others: readonly Contract[]): string | null {
  const { weekdayMinutes, from, until } = contract;
  if (weekdayMinutes.length !== 7 || weekdayMinutes.some((minutes) => !Number.isInteger(minutes) || minutes < 0)) return contractMessages.weekShape;
  if (weekdayMinutes.some((minutes) => minutes > MAX_DAY_MINUTES)) return contractMessages.dayTooLong;
  if (until !== null && until < from) return contractMessages.untilBeforeFrom;
  const overlapped = others.find((other) => other.from <= (until ?? '9999-12-31') && from <= (other.until ?? '9999-12-31'));
  return overlapped ? contractMessages.overlap(overlapped) : null;
}

/** Which leave a company credits with the day's target, as worked: paid, sick and casual leave; unpaid 'Leave' credits nothing. */
export const CREDITED_LEAVE: readonly LeaveCode[] = ['PL', 'SL', 'CL'];

export interface WorkedFacts {
  /** The day's tracked time in whole minutes by the accounting rule (approved manual time is part of it). */
  trackedMinutes: number;
  /** Its idle part. */
  idleMinutes: number;
  /** Approved leave on the day, if any. */
  leave: LeaveCode | null;
  targetMinutes: number;
}

/** A day's worked minutes for the balance: tracked time (without its idle part unless idle counts), plus the day's target on credited leave. */
export function workedMinutes({ trackedMinutes, idleMinutes, leave, targetMinutes }: WorkedFacts, { idleCounts }: { idleCounts: boolean }): number {
  const work = idleCounts ? trackedMinutes : trackedMinutes - Math.min(idleMinutes, trackedMinutes);
  const credit = leave && CREDITED_LEAVE.includes(leave) ? targetMinutes : 0;
  return work + credit;
}
