import type { TeamDayGroup } from '../../../../domain/attendance/views.ts';

/** The table's column for each group of a team's day (core §2). */
export const teamDayGroupLabels: Record<TeamDayGroup, string> = {
  present: 'Present',
  absent: 'Absent',
  notCompleted: 'Working Hrs. Not Completed',
};
