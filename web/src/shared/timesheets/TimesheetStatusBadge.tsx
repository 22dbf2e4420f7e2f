import { Badge } from '@mantine/core';
import type { TimesheetStatus } from '../../../../domain/timesheets/timesheet.ts';
import { LockIcon } from './LockIcon';

const COLORS: Record<TimesheetStatus, string> = { Open: 'gray', Submitted: 'yellow', Approved: 'teal', Rejected: 'red', Reopened: 'blue' };

/** A timesheet's status in words; an approved one is locked, and says so. */
export function TimesheetStatusBadge({ status }: { status: TimesheetStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} tt="none" leftSection={status === 'Approved' ? <LockIcon size={12} /> : undefined}>
      {status === 'Approved' ? 'Approved · locked' : status}
    </Badge>
  );
}
