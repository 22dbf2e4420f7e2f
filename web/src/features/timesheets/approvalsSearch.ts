import { TIMESHEET_STATUSES, type TimesheetStatus } from '../../../../domain/timesheets/timesheet.ts';
import { stringSearch } from '../../lib/stringSearch';

/** /timesheets's view in the URL: `day`, any day of the period, `team` and `status`, the filters. */
export interface ApprovalsSearch {
  day?: string;
  team?: string;
  status?: TimesheetStatus;
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isStatus = (status: string | undefined): status is TimesheetStatus => (TIMESHEET_STATUSES as readonly string[]).includes(status ?? '');

/** Keeps a well-formed day, the team and a known status; anything else shows the latest ended period of all one's people. */
export function approvalsSearch(search: Record<string, unknown>): ApprovalsSearch {
  const { day, team, status } = stringSearch('day', 'team', 'status')(search);
  return { ...(day && DAY.test(day) ? { day } : {}), ...(team ? { team } : {}), ...(isStatus(status) ? { status } : {}) };
}
