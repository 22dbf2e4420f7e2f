import { api } from '../../lib/api';
import type { ActivityFilter } from './ActivityFilter';

/** The activity log call (api/activity-log/routes.ts): a page of the company's activity, newest first, before a place in the log. */
export const activityLogApi = {
  page: (companyId: string, { userId, kind }: ActivityFilter, before: string | null) =>
    api.get('/api/companies/{companyId}/activity-log', {
      path: { companyId },
      query: { userId: userId ?? undefined, kind: kind ?? undefined, before: before ?? undefined },
    }),
};
