import type { TeamDayGroup } from '../../../../domain/attendance/views.ts';
import { api } from '../../lib/api';

/**
 * The team attendance calls (api/attendance/routes.ts): a team's days ending
 * at `to`, newest first, and who counts in a day's group; both read the days
 * from the viewer's today.
 */
export const teamAttendanceApi = {
  days: (companyId: string, teamId: string, to: string, days: number) =>
    api.get('/api/companies/{companyId}/attendance/team', { path: { companyId }, query: { teamId, to, days } }),
  people: (companyId: string, teamId: string, day: string, group: TeamDayGroup, today: string) =>
    api.get('/api/companies/{companyId}/attendance/team/people', { path: { companyId }, query: { teamId, day, group, today } }),
};
