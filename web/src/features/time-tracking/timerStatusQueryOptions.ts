import { queryOptions } from '@tanstack/react-query';
import { timerApi } from '../../shared/time-tracking/timerApi';

/**
 * The caller's timer session and punch status in one company. Keyed under
 * ['me'] because the server tells only the user of their tracker's changes.
 */
export const timerStatusQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['me', 'timer', companyId],
    queryFn: () => timerApi.status(companyId),
    // Refreshed on focus and visibility by useTimerStatusRefresh, which also covers window focus.
    refetchOnWindowFocus: false,
  });
