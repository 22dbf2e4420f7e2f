import { queryOptions } from '@tanstack/react-query';
import type { DayRange } from '../../../../domain/dashboards/range.ts';
import { dashboardQueries } from '../../shared/dashboards/dashboardQueries';
import { performanceApi } from './performanceApi';

/**
 * Under the dashboards' key, so that a change of the company's tracked time
 * (the live family 'dashboards') refetches it: [..., 'performance', teamId | 'all', from, to].
 */
export const performanceQuery = (companyId: string, teamId: string | null, range: DayRange) =>
  queryOptions({
    queryKey: [...dashboardQueries.all(companyId), 'performance', teamId ?? 'all', range.from, range.to],
    queryFn: () => performanceApi.dashboard(companyId, teamId, range),
  });
