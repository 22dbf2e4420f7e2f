import { queryOptions } from '@tanstack/react-query';
import { appUsageApi } from './appUsageApi';

/**
 * The application dashboard's queries sit with the other dashboards', under
 * ['company', companyId, 'dashboards', ...]: tracked time and application
 * usage both change them (the app-usage read model tells 'dashboards' too).
 * The categories card's list is under ['company', companyId, 'app-usage'].
 */
export const appUsageQueries = {
  person: (companyId: string, userId: string, day: string) =>
    queryOptions({
      queryKey: ['company', companyId, 'dashboards', 'applications', userId, day],
      queryFn: () => appUsageApi.person(companyId, userId, day),
    }),
  team: (companyId: string, teamId: string | null, day: string) =>
    queryOptions({
      queryKey: ['company', companyId, 'dashboards', 'applications-team', teamId ?? 'all', day],
      queryFn: () => appUsageApi.team(companyId, teamId, day),
    }),
  /** The day a dashboard opens on without one in its link: the latest with data (the server's answer, in the person's zone). */
  personOpeningDay: (companyId: string, userId: string) =>
    queryOptions({
      queryKey: ['company', companyId, 'dashboards', 'applications-opening-day', userId],
      queryFn: () => appUsageApi.personOpeningDay(companyId, userId),
    }),
  teamOpeningDay: (companyId: string, teamId: string | null) =>
    queryOptions({
      queryKey: ['company', companyId, 'dashboards', 'applications-team-opening-day', teamId ?? 'all'],
      queryFn: () => appUsageApi.teamOpeningDay(companyId, teamId),
    }),
  categories: (companyId: string) =>
    queryOptions({
      queryKey: ['company', companyId, 'app-usage', 'categories'],
      queryFn: () => appUsageApi.categories(companyId),
    }),
};
