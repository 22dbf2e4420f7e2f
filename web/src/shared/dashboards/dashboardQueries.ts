import { queryOptions } from '@tanstack/react-query';
import type { DayRange } from '../../../../domain/dashboards/range.ts';
import { dashboardsApi } from './dashboardsApi';

/**
 * The dashboards' queries, all under ['company', companyId, 'dashboards'] so
 * that a change of the company's time reaches every open dashboard:
 *   [..., 'team', teamId | 'all', from, to]
 *   [..., 'individual', userId, from, to]
 *   [..., 'day', userId, day]
 *   [..., 'people']
 * The individual ones name the person shown (the viewer too), so a change of
 * one person's time can reach just their views.
 */
export const dashboardQueries = {
  all: (companyId: string) => ['company', companyId, 'dashboards'] as const,
  team: (companyId: string, teamId: string | null, range: DayRange) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(companyId), 'team', teamId ?? 'all', range.from, range.to],
      queryFn: () => dashboardsApi.team(companyId, teamId, range),
    }),
  individual: (companyId: string, userId: string, range: DayRange) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(companyId), 'individual', userId, range.from, range.to],
      queryFn: () => dashboardsApi.individual(companyId, userId, range),
    }),
  day: (companyId: string, userId: string, day: string) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(companyId), 'day', userId, day],
      queryFn: () => dashboardsApi.day(companyId, userId, day),
    }),
  people: (companyId: string) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(companyId), 'people'],
      queryFn: () => dashboardsApi.people(companyId),
    }),
};
