import type { PeriodSchedule } from '../domain/timesheets/periods.ts';
import type { PeriodTotals, RecordedBalanceDay } from '../domain/timesheets/events.ts';
import type { AccountState } from '../domain/working-time/balance.ts';
import { type ColumnType, type Generated, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

// int8 and numeric as JS numbers would silently lose precision; keep them as strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);
// A calendar date is not an instant: keep "YYYY-MM-DD" rather than a midnight in the server's zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface AccountsTable {
  user_id: string;
  email: string;
  full_name: string;
  email_verified: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A session ended before it expired: logged out, or ended with all of its account's. */
export interface EndedSessionsTable {
  session_id: string;
  user_id: string;
  ended_at: Date;
}

/** Failed sign-ins per e-mail, shared by every API process (not a read model). */
export interface SignInFailuresTable {
  email: string;
  failures: number;
  last_failed_at: Date;
}

/** What a person or company has used of a limit: a bucket of tokens refilled over time (api/limits; not a read model). */
export interface AllowancesTable {
  key: string;
  tokens: number;
  updated_at: Date;
  /** When the bucket is full again, so that the row can be forgotten. */
  full_at: Date;
}

/** When a running session's client last beat, written by the API on each heartbeat (not a read model). */
export interface TimerLivenessTable {
  session_id: string;
  company_id: string;
  user_id: string;
  last_beat_at: Date;
}

export interface MailOutboxTable {
  /** The mail's key: the id of the event that asked for it, or one derived from what it is about (a timesheet reminder's person and period). */
  event_id: string;
  queue_order: Generated<string>;
  kind: string;
  recipient: string;
  link_id: string;
  /** What the mail says (MailDetails in api/mail/outbox.ts), never a secret. */
  details: ColumnType<Record<string, unknown>, string, string>;
  queued_at: Generated<Date>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  lease_until: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  given_up_at: Date | null;
}

export interface ProjectionCheckpointsTable {
  name: string;
  commit_position: string;
  prepare_position: string;
  updated_at: Generated<Date>;
}

/** An event a projection could not apply, set aside (projections/runner.ts). */
export interface ProjectionFailuresTable {
  projection: string;
  event_id: string;
  stream_id: string;
  event_type: string;
  commit_position: string;
  prepare_position: string;
  error: string;
  failed_at: Generated<Date>;
  retried_at: Date | null;
  resolved_at: Date | null;
}

export interface CompaniesTable {
  company_id: string;
  name: string;
  location_country: string;
  location_code: string;
  time_zone: string;
  work_start: string;
  work_end: string;
  created_by: string;
  created_at: Date;
  subscription_status: string;
  trial_ends_at: Date | null;
  subscription_active_until: Date | null;
}

export interface BillingSubscriptionsTable {
  company_id: string;
  customer_id: string;
  subscription_id: string | null;
  stripe_status: string | null;
  plan: string | null;
  cycle: string | null;
  current_period_end: Date | null;
  cancel_at_period_end: Generated<boolean>;
  last_payment_status: string | null;
  next_payment_attempt: Date | null;
  last_payment_at: Date | null;
}

export interface BillingInvoicesTable {
  invoice_id: string;
  company_id: string;
  invoice_number: string | null;
  created_at: Date;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  plan: string | null;
  status: string;
  period_start: Date;
  period_end: Date;
  hosted_invoice_url: string | null;
}

export interface CompanyMembersTable {
  company_id: string;
  user_id: string;
  name: string;
  email: string;
  is_admin: boolean;
  access_level: string;
  /** numeric: read as a string, written as a number or string. */
  hourly_rate: ColumnType<string | null, number | string | null, number | string | null>;
  deleted: boolean;
  deleted_at: Date | null;
  joined_at: Date;
}

export interface TeamsTable {
  team_id: string;
  company_id: string;
  name: string;
  deleted: boolean;
  deleted_at: Date | null;
  created_at: Date;
}

export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  company_id: string;
  role: string;
}

export interface InvitesTable {
  invite_id: string;
  company_id: string;
  company_name: string;
  email: string;
  role: string;
  team_id: string | null;
  team_name: string | null;
  projects: ColumnType<{ projectId: string; name: string }[], string, string>;
  status: string;
  token_hash: string;
  expires_at: Date;
  invited_by_user_id: string;
  invited_by_name: string;
  invited_by_email: string;
  sent_at: Date;
  updated_at: Date;
  accepted_by: string | null;
}

export interface ProjectsTable {
  project_id: string;
  company_id: string;
  name: string;
  prefix: string;
  deleted: boolean;
  created_at: Date;
}

export interface TasksTable {
  company_id: string;
  task_id: string;
  number: number;
  project_id: string;
  title: string;
  description: string;
  status: string;
  priority: string;
  /** date: read as "YYYY-MM-DD" (see the type parser below). */
  eta: string | null;
  assignee_id: string;
  created_by: string;
  deleted: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface TaskCommentsTable {
  comment_id: string;
  company_id: string;
  task_id: string;
  user_id: string;
  user_name: string;
  html: string;
  deleted: boolean;
  created_at: Date;
  /** Where the comment's TaskCommentAdded sits in the log (bigint as text): the comments' order. Null for rows written before it was kept. */
  commit_position: string | null;
  prepare_position: string | null;
}

export interface TaskHistoryTable {
  company_id: string;
  task_id: string;
  event_id: string;
  version: number;
  change_type: string;
  field: string | null;
  previous_value: string | null;
  new_value: string | null;
  changed_by_user_id: string;
  changed_by_name: string;
  comment_text: string | null;
  changed_at: Date;
  /** Where the event sits in the log (bigint as text): the history's order. Null for rows written before it was kept, ordered by `version`. */
  commit_position: string | null;
  prepare_position: string | null;
}

export interface ClientProjectsTable {
  company_id: string;
  user_id: string;
  project_id: string;
}

export interface RunningTimersTable {
  company_id: string;
  user_id: string;
  session_id: string;
  team_id: string;
  project_id: string;
  project_name: string;
  task_id: string;
  task_name: string;
  task_details: string;
  source: string;
  time_zone: string;
  started_at: Date;
  last_heartbeat_at: Date;
}

/** One piece of time: a session's (or approved manual time's) part of one local day at one rate (projections/timelog). */
export interface TimelogEntriesTable {
  session_id: string;
  split_index: number;
  /** 0 unless the rate changed within the day part: the pieces it was cut into. */
  rate_part: number;
  total_splits: number;
  company_id: string;
  user_id: string;
  team_id: string;
  day: string;
  start_at: Date;
  end_at: Date;
  tracked_ms: ColumnType<string, number, number>;
  idle_ms: ColumnType<string, number, number>;
  /** Its share of its day's minutes and cents (domain/accounting/day-account.ts). */
  tracked_minutes: number;
  idle_minutes: number;
  /** Cents per hour in force when the time was worked; 0: no rate. */
  rate_cents: number;
  earnings_cents: ColumnType<string, number, number>;
  project_id: string;
  project_name: string;
  task_id: string;
  task_name: string;
  task_details: string;
  time_zone: string;
  source: string;
  abandoned: boolean;
}

/** A running session's idle beats, until it ends (projections/timelog). */
export interface TimelogRunningTable {
  session_id: string;
  company_id: string;
  user_id: string;
  idle_beats: ColumnType<{ at: string; idleMinutes: number }[], string, string>;
}

export interface MemberRatesTable {
  company_id: string;
  user_id: string;
  effective_at: Date;
  /** Cents per hour; 0: no rate. */
  rate_cents: number;
}

/** Time in one application per person, local day, team and project (projections/app-usage). */
export interface AppUsageDaysTable {
  company_id: string;
  user_id: string;
  day: string;
  team_id: string;
  project_id: string;
  /** The application's trimmed, lower-cased name. */
  app_key: string;
  application: string;
  active_ms: ColumnType<string, number, number>;
  idle_ms: ColumnType<string, number, number>;
}

/** Time a person's application usage already counted: merged, half-open [start_at, end_at). */
export interface AppUsageIntervalsTable {
  company_id: string;
  user_id: string;
  start_at: Date;
  end_at: Date;
}

export interface AppUsageApplicationsTable {
  company_id: string;
  app_key: string;
  application: string;
}

export interface AppCategoriesTable {
  company_id: string;
  app_key: string;
  application: string;
  category: string;
  updated_at: Date;
  updated_by_name: string;
}

/** An event worth telling, as the activity log shows it (projections/activity-log). */
export interface ActivityLogTable {
  company_id: string;
  event_id: string;
  commit_position: string;
  prepare_position: string;
  at: Date;
  kind: string;
  actor_user_id: string | null;
  actor_name: string;
  subject_user_id: string | null;
  sentence: string;
}

/** What later events name only by id (projections/activity-log). */
export interface ActivityLogNamesTable {
  company_id: string;
  kind: string;
  id: string;
  name: string;
  person_id: string | null;
}

/** A punch pair's part on one day, as stored in attendance_days.pairs (instants as ISO text). */
export interface StoredPunchPair {
  in: string;
  out: string | null;
  continued: boolean;
  continues: boolean;
  /** The punch in this part comes from: a pair's parts are replaced together. */
  punchIn: string;
}

export interface AttendanceDaysTable {
  company_id: string;
  user_id: string;
  day: string;
  time_zone: string | null;
  pairs: ColumnType<StoredPunchPair[], string, string>;
  punched_ms: ColumnType<string, number, number>;
  /** The work time once the day is over. */
  work_ms: ColumnType<string, number, number>;
  open_in: Date | null;
  check_in: Date | null;
  check_out: Date | null;
  /** Whether time was tracked that day; how much is the time log's. */
  tracked: boolean;
  last_activity_at: Date | null;
  /** SL, PL, CL or L (domain/attendance/day-status.ts) once leave exists. */
  leave_code: string | null;
}

export interface AttendanceOpenPunchesTable {
  company_id: string;
  user_id: string;
  punch_in_at: Date;
  time_zone: string;
  day: string;
  reach_day: string;
}

export interface CompanySettingsTable {
  company_id: string;
  daily_threshold_minutes: number;
  screenshots_enabled: boolean;
  /** Days screenshots are kept; null: until deleted. */
  screenshot_retention_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** How timesheet periods are cut (domain/timesheets/periods.ts); null: the default, weeks from Monday. */
  timesheet_periods: ColumnType<PeriodSchedule | null, string | null | undefined, string | null>;
  /** Days after a period ends before its timesheet reminders go out; null: none. */
  timesheet_reminder_days: number | null;
  updated_at: Date;
  updated_by: string;
}

/** A person's timesheet for one period (projections/timesheets); a period without a row is open. */
export interface TimesheetsTable {
  company_id: string;
  user_id: string;
  /** The period's first and last local day, YYYY-MM-DD. */
  period_start: ColumnType<string, string, string>;
  period_end: ColumnType<string, string, string>;
  status: 'Submitted' | 'Approved' | 'Rejected' | 'Reopened';
  approver_id: string | null;
  approver_name: string | null;
  note: string;
  /** Why it was rejected or reopened, while it is. */
  reason: string | null;
  /** The figures approved, while it is approved. */
  totals: ColumnType<PeriodTotals | null, string | null, string | null>;
  /** Each day's working time as approved (TimesheetBalanceRecorded), while it is approved; null for an approval from before it was recorded. */
  working_time: ColumnType<RecordedBalanceDay[] | null, string | null | undefined, string | null>;
  updated_at: Date;
  updated_by_name: string;
}

/** A company's working-time rules, once it changed one (projections/working-time). */
export interface WorkingTimeRulesTable {
  company_id: string;
  working_days: number[];
  /** null: the daily threshold's. */
  daily_target_minutes: number | null;
  holiday_region: string | null;
  carry_over_cap_minutes: number | null;
  overtime_expiry_months: number | null;
  idle_counts: boolean;
}

export interface CompanyHolidaysTable {
  company_id: string;
  day: ColumnType<string, string, string>;
  name: string;
}

/** A person's contract from its first day (projections/working-time). */
export interface WorkingTimeContractsTable {
  company_id: string;
  user_id: string;
  from_day: ColumnType<string, string, string>;
  until_day: ColumnType<string | null, string | null, string | null>;
  /** Minutes of work Monday to Sunday. */
  weekday_minutes: number[];
}

export interface WorkingTimeRegionsTable {
  company_id: string;
  user_id: string;
  region: string;
}

/** Where a person's account stood at the end of a past day, and that month's figures so far (projections/working-time/balances.ts). */
export interface WorkingTimeSnapshotsTable {
  company_id: string;
  user_id: string;
  through_day: ColumnType<string, string, string>;
  state: ColumnType<AccountState, string, string>;
  month_target_minutes: number;
  month_worked_minutes: number;
}

/** The last place in the log that changed a person's account (the nil id: everyone's in the company). */
export interface WorkingTimeChangesTable {
  company_id: string;
  user_id: string;
  commit_position: string;
  prepare_position: string;
}

/** A correction or payout of a person's balance, by its version in their working-time stream. */
export interface WorkingTimeEntriesTable {
  company_id: string;
  user_id: string;
  version: number;
  day: ColumnType<string, string, string>;
  kind: 'correction' | 'payout';
  minutes: number;
  reason: string;
  by_name: string;
  at: Date;
}

/** A screenshot taken by the desktop agent, by the local day it was taken on (projections/screenshots). */
export interface ScreenshotsTable {
  screenshot_id: string;
  company_id: string;
  user_id: string;
  session_id: string;
  team_id: string;
  day: string;
  taken_at: Date;
  time_zone: string;
  application: string | null;
  window_title: string | null;
  width: number;
  height: number;
  bytes: number;
  thumbnail_width: number;
  thumbnail_height: number;
  deleted_at: Date | null;
  deleted_by: string | null;
  deleted_by_name: string | null;
  /** Where its files are (domain/screenshots/events.ts, screenshotFileStem). */
  file: string;
  /** Set when the company's retention period removed it: the days it kept screenshots then. */
  expired_after_days: ColumnType<number | null, number | null | undefined, number | null>;
}

/** An uploaded file kept in PostgreSQL (api/storage/storage.ts, FILE_STORAGE=postgres): not a read model. */
export interface StoredFilesTable {
  key: string;
  bytes: Buffer;
  stored_at: ColumnType<Date, Date | undefined, Date>;
}

/** The bytes of screenshots a company stores (api/screenshots/storage-quota.ts): not a read model. */
export interface ScreenshotStorageTable {
  company_id: string;
  /** bigint, read as text. */
  used_bytes: ColumnType<string, number, number>;
}

/** An upload's files on disk and the bytes reserved for them, until given back. */
export interface ScreenshotUploadsTable {
  file: string;
  company_id: string;
  screenshot_id: string;
  bytes: ColumnType<string, number, number>;
  reserved_at: Date;
  /** Its screenshot's event names these files; until then it may be a crashed upload. */
  recorded: boolean;
}

/** A company's paid leave allocation for one year. */
export interface LeavePoliciesTable {
  company_id: string;
  year: number;
  paid_leave_days: number;
  updated_at: Date;
  updated_by: string;
  updated_by_name: string;
}

/** What a leave or regularization request keeps of who was asked and how it was answered. */
export interface RequestProcessingColumns {
  assignee_id: string;
  assignee_name: string;
  status: string;
  requested_at: Date;
  updated_at: Date;
  processed_by_name: string | null;
  processed_at: Date | null;
  process_comment: string | null;
}

/** A leave request not deleted, as it stands now. */
export interface LeaveRequestsTable extends RequestProcessingColumns {
  company_id: string;
  request_id: string;
  user_id: string;
  leave_date: string;
  type: string;
  comment: string;
}

/** A person's approved leave days of each kind in one year. */
export interface LeaveUsageTable {
  company_id: string;
  user_id: string;
  year: number;
  used_paid: number;
  used_sick: number;
  used_casual: number;
  updated_at: Date;
}

/** One change to one leave or regularization request: who did what, when. */
export interface RequestHistoryTable {
  company_id: string;
  request_id: string;
  kind: string;
  event_id: string;
  version: number;
  at: Date;
  requester_user_id: string;
  assignee_user_id: string | null;
  actor_user_id: string;
  actor_name: string;
  action: string;
  comment: string | null;
  /** What an edit changed: [{ field, from, to }], each value as shown. */
  changes: ColumnType<RequestChange[], string, string>;
}

export interface RequestChange {
  field: string;
  from: string;
  to: string;
}

/** A regularization request not deleted, as it stands now. */
export interface RegularizationRequestsTable extends RequestProcessingColumns {
  company_id: string;
  request_id: string;
  user_id: string;
  team_id: string;
  date: string;
  start_minute: number;
  duration_minutes: number;
  time_zone: string;
  start_at: Date;
  end_at: Date;
  project_id: string;
  project_name: string;
  task_id: string;
  task_name: string;
  task_details: string;
}

export interface PunchesTable {
  company_id: string;
  user_id: string;
  at: Date;
  state: string;
  day: string;
  time_zone: string;
}

/** A person's latest punch and the last local day it speaks for (domain/time-tracking: LatestPunch). */
export interface LatestPunchesTable {
  company_id: string;
  user_id: string;
  state: 'in' | 'out';
  time_zone: string;
  last_day: string;
}

export interface AbandonedSessionsTable {
  session_id: string;
  company_id: string;
  user_id: string;
  started_at: Date;
  ended_at: Date;
  last_heartbeat_at: Date;
}

export interface ApiTokensTable {
  token_id: string;
  user_id: string;
  name: string;
  token_hash: string;
  created_at: Date;
  revoked_at: Date | null;
}

/** Every read model table, as Kysely sees it. */
export interface Database {
  accounts: AccountsTable;
  ended_sessions: EndedSessionsTable;
  sign_in_failures: SignInFailuresTable;
  allowances: AllowancesTable;
  screenshot_storage: ScreenshotStorageTable;
  stored_files: StoredFilesTable;
  screenshot_uploads: ScreenshotUploadsTable;
  timer_liveness: TimerLivenessTable;
  mail_outbox: MailOutboxTable;
  companies: CompaniesTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_invoices: BillingInvoicesTable;
  company_members: CompanyMembersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  invites: InvitesTable;
  projects: ProjectsTable;
  tasks: TasksTable;
  task_comments: TaskCommentsTable;
  task_history: TaskHistoryTable;
  client_projects: ClientProjectsTable;
  running_timers: RunningTimersTable;
  timelog_entries: TimelogEntriesTable;
  timelog_running: TimelogRunningTable;
  punches: PunchesTable;
  member_rates: MemberRatesTable;
  activity_log: ActivityLogTable;
  activity_log_names: ActivityLogNamesTable;
  app_usage_days: AppUsageDaysTable;
  app_usage_intervals: AppUsageIntervalsTable;
  app_usage_applications: AppUsageApplicationsTable;
  app_categories: AppCategoriesTable;
  attendance_days: AttendanceDaysTable;
  attendance_open_punches: AttendanceOpenPunchesTable;
  company_settings: CompanySettingsTable;
  timesheets: TimesheetsTable;
  working_time_rules: WorkingTimeRulesTable;
  company_holidays: CompanyHolidaysTable;
  working_time_contracts: WorkingTimeContractsTable;
  working_time_regions: WorkingTimeRegionsTable;
  working_time_entries: WorkingTimeEntriesTable;
  working_time_snapshots: WorkingTimeSnapshotsTable;
  working_time_changes: WorkingTimeChangesTable;
  screenshots: ScreenshotsTable;
  leave_policies: LeavePoliciesTable;
  leave_requests: LeaveRequestsTable;
  leave_usage: LeaveUsageTable;
  request_history: RequestHistoryTable;
  regularization_requests: RegularizationRequestsTable;
  abandoned_sessions: AbandonedSessionsTable;
  latest_punches: LatestPunchesTable;
  api_tokens: ApiTokensTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  projection_failures: ProjectionFailuresTable;
}

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection dropped by the server is replaced on next use; it must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

export function createDatabase(pool: pg.Pool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
