import { Badge } from '@mantine/core';
import type { TimesheetStatus } from '../../../../domain/timesheets/timesheet.ts';
import { LockIcon } from './LockIcon';

const COLORS: Record<TimesheetStatus, string> = { Open: 'gray', Submitted: 'yellow', Approved: 'teal', Rejected: 'red', Reopened: 'blue' };

/** A timesheet's status in words; an approved one is locked, and says so. `size` xs: in a dashboard's person row. */
export function TimesheetStatusBadge({ status, size = 'sm' }: { status: TimesheetStatus; size?: 'xs' | 'sm' }) {
  return (
    <Badge size={size} variant="light" color={COLORS[status]} tt="none" style={{ flexShrink: 0 }} leftSection={status === 'Approved' ? <LockIcon size={size === 'xs' ? 10 : 12} /> : undefined}>
      {status === 'Approved' ? 'Approved · locked' : status}
    </Badge>
  );
}
