import { api, type ApiAnswer, type ApiBody } from '../../lib/api';
import { browserTimeZone } from '../../shared/company/timeZoneOptions';
import { ofRequest, once } from '../../shared/requests/requestsApi';
import type { TablePage } from '../../shared/requests/TablePager';

export type RegularizationRequest = ApiAnswer<'get', '/api/companies/{companyId}/regularization/requests'>['requests'][number];
export type RegularizationRequestToProcess = ApiAnswer<'get', '/api/companies/{companyId}/regularization/team-requests'>['requests'][number];
/** The form as the server takes it; the browser's zone goes with it. */
export type RegularizationForm = Omit<ApiBody<'put', '/api/companies/{companyId}/regularization/requests/{requestId}'>, 'timeZone'>;

/** The regularization calls (api/regularization/routes.ts). */
export const regularizationApi = {
  mine: (companyId: string, page: TablePage) => api.get('/api/companies/{companyId}/regularization/requests', { path: { companyId }, query: page }),
  submit: (companyId: string, teamId: string, form: RegularizationForm) =>
    api.post('/api/companies/{companyId}/regularization/requests', { path: { companyId }, body: { teamId, ...form, timeZone: browserTimeZone() }, ...once() }),
  edit: (companyId: string, requestId: string, form: RegularizationForm) =>
    api.put('/api/companies/{companyId}/regularization/requests/{requestId}', { ...ofRequest(companyId, requestId), body: { ...form, timeZone: browserTimeZone() }, ...once() }),
  remove: (companyId: string, requestId: string) =>
    api.delete('/api/companies/{companyId}/regularization/requests/{requestId}', { ...ofRequest(companyId, requestId), ...once() }),
  toProcess: (companyId: string, page: TablePage) => api.get('/api/companies/{companyId}/regularization/team-requests', { path: { companyId }, query: page }),
  approve: (companyId: string, requestId: string, comment: string) =>
    api.post('/api/companies/{companyId}/regularization/requests/{requestId}/approve', { ...ofRequest(companyId, requestId), body: { comment }, ...once() }),
  decline: (companyId: string, requestId: string, comment: string) =>
    api.post('/api/companies/{companyId}/regularization/requests/{requestId}/decline', { ...ofRequest(companyId, requestId), body: { comment }, ...once() }),
};
