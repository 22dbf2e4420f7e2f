import { Badge } from '@mantine/core';
import type { RequestStatus } from './requestsApi';

const COLORS: Record<RequestStatus, string> = { Pending: 'yellow', Approved: 'teal', Declined: 'red' };

/** A request's state (management §4): Pending, then Approved or Declined. */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} tt="none">
      {status}
    </Badge>
  );
}
