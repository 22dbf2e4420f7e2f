import type { DayRange } from '../../../../domain/dashboards/range.ts';
import { api, type ApiAnswer } from '../../lib/api';
import { once } from '../requests/requestsApi';

export type Screenshot = ApiAnswer<'get', '/api/companies/{companyId}/screenshots'>['screenshots'][number];

/** The screenshot calls (api/screenshots/routes.ts); the images themselves load by their urls. */
export const screenshotsApi = {
  list: (companyId: string, userId: string, range: DayRange) => api.get('/api/companies/{companyId}/screenshots', { path: { companyId }, query: { ...range, userId } }),
  remove: (companyId: string, screenshotId: string) => api.delete('/api/companies/{companyId}/screenshots/{screenshotId}', { path: { companyId, screenshotId }, ...once() }),
};
