/** Management §9: the kinds of leave. Kept apart from the event schemas, so the web app loads no schema library. */
export const LEAVE_TYPES = ['Paid Leave', 'Sick Leave', 'Casual Leave'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];

export const PAID_LEAVE: LeaveType = 'Paid Leave';
