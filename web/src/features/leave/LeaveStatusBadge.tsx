import { Badge } from '@mantine/core';
import type { LeaveRequest } from './leaveApi';

const COLORS: Record<LeaveRequest['status'], string> = { Pending: 'yellow', Approved: 'teal', Declined: 'red' };

/** A request's state (management §4): Pending, then Approved or Declined. */
export function LeaveStatusBadge({ status }: { status: LeaveRequest['status'] }) {
  return (
    <Badge variant="light" color={COLORS[status]} tt="none">
      {status}
    </Badge>
  );
}
