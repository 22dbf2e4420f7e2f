import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TeamDayGroup } from '../../../../domain/attendance/views.ts';
import { teamAttendanceApi } from './teamAttendanceApi';

/**
 * Under ['company', companyId, 'attendance'], so a change of the company's
 * attendance reaches an open page:
 *   [..., 'team', teamId, 'days', to, days]
 *   [..., 'team', teamId, 'people', day, group, today]
 */
export const teamAttendanceQueries = {
  days: (companyId: string, teamId: string, to: string, days: number) =>
    queryOptions({
      queryKey: ['company', companyId, 'attendance', 'team', teamId, 'days', to, days],
      queryFn: () => teamAttendanceApi.days(companyId, teamId, to, days),
      // Show More keeps the rows on screen while the longer list loads.
      placeholderData: keepPreviousData,
    }),
  people: (companyId: string, teamId: string, day: string, group: TeamDayGroup, today: string) =>
    queryOptions({
      queryKey: ['company', companyId, 'attendance', 'team', teamId, 'people', day, group, today],
      queryFn: () => teamAttendanceApi.people(companyId, teamId, day, group, today),
    }),
};
