import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { ActivityFilter } from './ActivityFilter';
import { activityLogApi } from './activityLogApi';

/** Under ['company', companyId, 'activity'], so the log's changes reach the open page; each page starts where the last ended. */
export const activityLogQueryOptions = (companyId: string, filter: ActivityFilter) =>
  infiniteQueryOptions({
    queryKey: ['company', companyId, 'activity', filter],
    queryFn: ({ pageParam }) => activityLogApi.page(companyId, filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    // Another filter keeps the rows on screen, dimmed, until the new ones arrive.
    placeholderData: keepPreviousData,
  });
