import { accountsProjection } from './identity/accounts.ts';
import { activityLogProjection } from './activity-log/activity-log.ts';
import { appUsageProjection } from './app-usage/app-usage.ts';
import { attendanceProjection } from './attendance/attendance.ts';
import { billingProjection } from './billing/billing.ts';
import { sessionsProjection } from './identity/sessions.ts';
import { apiTokensProjection } from './api-tokens/api-tokens.ts';
import { timelogProjection } from './timelog/timelog.ts';
import { invitesProjection } from './invites/invites.ts';
import { leaveProjection } from './leave/leave.ts';
import { organisationProjection } from './organisation/organisation.ts';
import { projectsAndTasksProjection } from './projects-and-tasks/projects-and-tasks.ts';
import { regularizationProjection } from './regularization/regularization.ts';
import { requestHistoryProjection } from './request-history/request-history.ts';
import { screenshotsProjection } from './screenshots/screenshots.ts';
import { settingsProjection } from './settings/settings.ts';
import { taskHistoryProjection } from './task-history/task-history.ts';
import { timeTrackingProjection } from './time-tracking/time-tracking.ts';
import { timesheetsProjection } from './timesheets/timesheets.ts';
import { workingTimeBalancesProjection } from './working-time/balances.ts';
import { workingTimeProjection } from './working-time/working-time.ts';
import type { Projection } from './projection.ts';

/** Every read model the workers keep up to date. A new one is added here. */
export const projections: readonly Projection[] = [
  accountsProjection,
  organisationProjection,
  invitesProjection,
  projectsAndTasksProjection,
  taskHistoryProjection,
  timeTrackingProjection,
  timelogProjection,
  attendanceProjection,
  leaveProjection,
  regularizationProjection,
  requestHistoryProjection,
  settingsProjection,
  apiTokensProjection,
  sessionsProjection,
  billingProjection,
  screenshotsProjection,
  appUsageProjection,
  timesheetsProjection,
  workingTimeProjection,
  workingTimeBalancesProjection,
  activityLogProjection,
];

export function findProjection(name: string): Projection | undefined {
  return projections.find((p) => p.name === name);
}
