import { api, type ApiAnswer, type ApiBody } from '../../lib/api';
import { browserTimeZone } from '../../shared/company/timeZoneOptions';
import { ofRequest, once } from '../../shared/requests/requestsApi';

export type LeaveRequest = ApiAnswer<'get', '/api/companies/{companyId}/leave/requests'>['requests'][number];
export type LeaveRequestToProcess = ApiAnswer<'get', '/api/companies/{companyId}/leave/team-requests'>['requests'][number];
/** The form as the server takes it; the browser's zone, where the requester's today is, goes with it. */
export type LeaveForm = Omit<ApiBody<'post', '/api/companies/{companyId}/leave/requests'>, 'timeZone'>;

/** The leave calls (api/leave/routes.ts). */
export const leaveApi = {
  mine: (companyId: string) => api.get('/api/companies/{companyId}/leave/requests', { path: { companyId } }),
  balance: (companyId: string, year: number) => api.get('/api/companies/{companyId}/leave/balance', { path: { companyId }, query: { year } }),
  request: (companyId: string, form: LeaveForm) =>
    api.post('/api/companies/{companyId}/leave/requests', { path: { companyId }, body: { ...form, timeZone: browserTimeZone() }, ...once() }),
  edit: (companyId: string, requestId: string, form: Partial<LeaveForm>) =>
    api.patch('/api/companies/{companyId}/leave/requests/{requestId}', { ...ofRequest(companyId, requestId), body: { ...form, timeZone: browserTimeZone() }, ...once() }),
  remove: (companyId: string, requestId: string) => api.delete('/api/companies/{companyId}/leave/requests/{requestId}', { ...ofRequest(companyId, requestId), ...once() }),
  toProcess: (companyId: string) => api.get('/api/companies/{companyId}/leave/team-requests', { path: { companyId } }),
  approve: (companyId: string, requestId: string, comment: string) =>
    api.post('/api/companies/{companyId}/leave/requests/{requestId}/approve', { ...ofRequest(companyId, requestId), body: { comment }, ...once() }),
  decline: (companyId: string, requestId: string, comment: string) =>
    api.post('/api/companies/{companyId}/leave/requests/{requestId}/decline', { ...ofRequest(companyId, requestId), body: { comment }, ...once() }),
};
