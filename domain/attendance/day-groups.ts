/** The groups a team's day counts its people in (the Team Attendance columns): apart from the answer schemas, so the browser loads no schema library for them. */
export const TEAM_DAY_GROUPS = ['present', 'absent', 'notCompleted'] as const;
export type TeamDayGroup = (typeof TEAM_DAY_GROUPS)[number];
