import { queryOptions } from '@tanstack/react-query';
import { attendanceApi } from './attendanceApi';

/**
 * The calendar's queries, under ['company', companyId, 'attendance'] where a
 * change of the company's attendance reaches them (live/changedQueries.ts):
 *   [..., 'month', userId, YYYY-MM]
 */
export const attendanceQueries = {
  month: (companyId: string, userId: string, month: string) =>
    queryOptions({
      queryKey: ['company', companyId, 'attendance', 'month', userId, month],
      queryFn: () => attendanceApi.month(companyId, userId, month),
    }),
};
