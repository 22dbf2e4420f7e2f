/** Core §4's attendance day colours, as statuses; `future` is the blank grey day. */
export const DAY_STATUSES = ['present', 'absent', 'weekOff', 'holiday', 'sickLeave', 'paidLeave', 'casualLeave', 'leave', 'future'] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];

/** Core §4's names of the statuses, as the calendar and the attendance sheet show them; the future day is blank. */
export const DAY_STATUS_LABELS: Record<DayStatus, string | null> = {
  present: 'Present',
  absent: 'Absent',
  weekOff: 'Week Off',
  holiday: 'Holiday',
  sickLeave: 'Sick Leave',
  paidLeave: 'Paid Leave',
  casualLeave: 'Casual Leave',
  leave: 'Leave',
  future: null,
};

/** The kinds of leave a day can hold, by the spec's status codes (SL, PL, CL, L). */
export const LEAVE_STATUSES = { SL: 'sickLeave', PL: 'paidLeave', CL: 'casualLeave', L: 'leave' } as const satisfies Record<string, DayStatus>;
export type LeaveCode = keyof typeof LEAVE_STATUSES;

/** ISO weekday numbers, Monday 1 to Sunday 7. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/**
 * A company's working rules for attendance. Core §4 makes Saturday and Sunday
 * the week off; they are data so that a company setting can change them.
 */
export interface WorkRules {
  workingDays: readonly Weekday[];
  /** The work time a day must reach for 'Working Hrs. Completed'. */
  dailyThresholdMs: number;
}

export const DEFAULT_WORK_RULES: WorkRules = { workingDays: [1, 2, 3, 4, 5], dailyThresholdMs: 8 * 3_600_000 };

export interface DayFacts {
  /** YYYY-MM-DD, a local calendar day of the person. */
  day: string;
  /** The person's local today. */
  today: string;
  /** A punch in, or tracked time, that day. */
  present: boolean;
  leave: LeaveCode | null;
  /** A public or company holiday where the person works (domain/working-time/holidays.ts). */
  holiday: boolean;
}

/**
 * The one rule for a day's status. Approved leave shows on any day, future
 * ones included (planned leave is known ahead), and so does a holiday, unless
 * the person worked on it; a later day is otherwise blank; a day with a punch
 * or tracked time is Present, weekends and holidays included (work on a day
 * off still counts); a day off is Week Off; any other day, today before the
 * first punch too, is Absent. So nobody is Absent on a holiday.
 */
export function dayStatus({ day, today, present, leave, holiday }: DayFacts, rules: WorkRules = DEFAULT_WORK_RULES): DayStatus {
  if (leave) return LEAVE_STATUSES[leave];
  if (holiday && !(present && day <= today)) return 'holiday';
  if (day > today) return 'future';
  if (present) return 'present';
  if (!isWorkingDay(day, rules)) return 'weekOff';
  return 'absent';
}

export function isWorkingDay(day: string, rules: WorkRules = DEFAULT_WORK_RULES): boolean {
  return rules.workingDays.includes(weekdayOf(day));
}

/** The ISO weekday of a calendar day; a UTC date has the same, and is far cheaper than Temporal where thousands of days are read. */
export function weekdayOf(day: string): Weekday {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() || 7) as Weekday;
}
