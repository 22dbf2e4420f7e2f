import { yearOf } from '../shared/calendar-day.ts';
import { type LeaveType, PAID_LEAVE } from './choices.ts';
import type { LeaveRequestStatus } from './events.ts';


/** A year's paid leave: what the policy allocates, what approved and pending requests take, and what is left for new requests. */
export interface PaidLeaveBalance {
  allocated: number;
  used: number;
  pending: number;
  available: number;
}

/** Management §5: effective balance = allocation − used − pending paid requests; each paid leave request takes one day. */
export const balanceFrom = (allocated: number, used: number, pending: number): PaidLeaveBalance => ({ allocated, used, pending, available: allocated - used - pending });

/** The balance of a year from a person's requests (their leave dates' years); a request on one of their holidays spends no day. */
export function paidLeaveBalance(
  requests: Iterable<{ leaveDate: string; type: LeaveType; status: LeaveRequestStatus }>,
  year: number,
  allocated: number,
  isHoliday: (day: string) => boolean = () => false,
): PaidLeaveBalance {
  let used = 0;
  let pending = 0;
  for (const request of requests) {
    if (request.type !== PAID_LEAVE || yearOf(request.leaveDate) !== year || isHoliday(request.leaveDate)) continue;
    if (request.status === 'Approved') used += 1;
    if (request.status === 'Pending') pending += 1;
  }
  return balanceFrom(allocated, used, pending);
}

/**
 * Management §8's line under the form. Its sum must hold, so "total allocated"
 * is what the policy leaves after the days already used.
 */
export const availabilityMessage = ({ allocated, used, pending, available }: PaidLeaveBalance) =>
  `You have ${Math.max(0, available)} paid leave days available for new requests (${allocated - used} total allocated - ${pending} pending requests).`;
