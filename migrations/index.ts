import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as eventStore from './0001_event_store.ts';
import * as accounts from './0002_accounts.ts';
import * as organisation from './0003_organisation.ts';
import * as projectsAndTasks from './0004_projects_and_tasks.ts';
import * as timeTracking from './0005_time_tracking.ts';
import * as taskSearch from './0006_task_search.ts';
import * as sessions from './0007_sessions.ts';
import * as projectionFailures from './0008_projection_failures.ts';
import * as timerLiveness from './0009_timer_liveness.ts';
import * as mailOutbox from './0010_mail_outbox.ts';
import * as dashboards from './0011_dashboards.ts';
import * as attendance from './0012_attendance.ts';
import * as settings from './0013_settings.ts';
import * as leave from './0014_leave.ts';
import * as regularization from './0015_regularization.ts';
import * as billing from './0016_billing.ts';
import * as screenshots from './0017_screenshots.ts';
import * as appUsage from './0018_app_usage.ts';
import * as activityLog from './0019_activity_log.ts';
import * as appUsageIntervals from './0020_app_usage_intervals.ts';
import * as timelog from './0021_timelog.ts';
import * as allowances from './0022_allowances.ts';
import * as screenshotStorage from './0023_screenshot_storage.ts';
import * as commentLogOrder from './0024_comment_log_order.ts';
import * as latestPunches from './0025_latest_punches.ts';
import * as storedFiles from './0026_stored_files.ts';
import * as timesheetPeriods from './0027_timesheet_periods.ts';
import * as timesheets from './0028_timesheets.ts';
import * as timesheetReminders from './0031_timesheet_reminders.ts';
import * as workingTime from './0032_working_time.ts';
import * as approvedWorkingTime from './0033_approved_working_time.ts';
import * as workingTimeBalances from './0034_working_time_balances.ts';

/** Every migration, in order. A new one is added here. */
const migrations: Record<string, Migration> = {
  '0001_event_store': eventStore,
  '0002_accounts': accounts,
  '0003_organisation': organisation,
  '0004_projects_and_tasks': projectsAndTasks,
  '0005_time_tracking': timeTracking,
  '0006_task_search': taskSearch,
  '0007_sessions': sessions,
  '0008_projection_failures': projectionFailures,
  '0009_timer_liveness': timerLiveness,
  '0010_mail_outbox': mailOutbox,
  '0011_dashboards': dashboards,
  '0012_attendance': attendance,
  '0013_settings': settings,
  '0014_leave': leave,
  '0015_regularization': regularization,
  '0016_billing': billing,
  '0017_screenshots': screenshots,
  '0018_app_usage': appUsage,
  '0019_activity_log': activityLog,
  '0020_app_usage_intervals': appUsageIntervals,
  '0021_timelog': timelog,
  '0022_allowances': allowances,
  '0023_screenshot_storage': screenshotStorage,
  '0024_comment_log_order': commentLogOrder,
  '0025_latest_punches': latestPunches,
  '0026_stored_files': storedFiles,
  '0027_timesheet_periods': timesheetPeriods,
  '0028_timesheets': timesheets,
  '0031_timesheet_reminders': timesheetReminders,
  '0032_working_time': workingTime,
  '0033_approved_working_time': approvedWorkingTime,
  '0034_working_time_balances': workingTimeBalances,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
