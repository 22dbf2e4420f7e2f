import { queryOptions } from '@tanstack/react-query';
import type { DayRange } from '../../../../domain/dashboards/range.ts';
import { screenshotsApi } from './screenshotsApi';

/**
 * A person's screenshots, under ['company', companyId, 'screenshots', userId]
 * so that a change of theirs reaches just their galleries:
 *   [..., from, to]
 */
export const screenshotQueries = {
  of: (companyId: string, userId: string) => ['company', companyId, 'screenshots', userId] as const,
  list: (companyId: string, userId: string, range: DayRange) =>
    queryOptions({
      queryKey: [...screenshotQueries.of(companyId, userId), range.from, range.to],
      queryFn: () => screenshotsApi.list(companyId, userId, range),
    }),
};
