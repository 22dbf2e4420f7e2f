import type { ApiAnswer } from '../../lib/api';

export type ActivityEntry = ApiAnswer<'get', '/api/companies/{companyId}/activity-log'>['entries'][number];
export type ActivityKind = ActivityEntry['kind'];

/** What the log shows: one person's activity and one kind, or all (null). */
export interface ActivityFilter {
  userId: string | null;
  kind: ActivityKind | null;
}

/** The kinds as the filter names them, in its order. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  timer: 'Timer',
  attendance: 'Attendance',
  tasks: 'Tasks',
  projects: 'Projects',
  teams: 'Teams',
  members: 'Members',
  requests: 'Requests',
  timesheets: 'Timesheets',
  'working-time': 'Working time',
  settings: 'Settings',
  screenshots: 'Screenshots',
};
