import { api, type ApiAnswer, type ApiBody } from '../../lib/api';
import { newIdempotencyKey } from '../timer/newIdempotencyKey';

export type LeaveRequest = ApiAnswer<'get', '/api/companies/{companyId}/leave/requests'>['requests'][number];
export type LeaveRequestToProcess = ApiAnswer<'get', '/api/companies/{companyId}/leave/team-requests'>['requests'][number];
export type LeaveForm = Omit<ApiBody<'post', '/api/companies/{companyId}/leave/requests'>, 'timeZone'>;
export type RequestHistory = ApiAnswer<'get', '/api/companies/{companyId}/requests/{requestId}/history'>['history'];
export type RequestAssignee = ApiAnswer<'get', '/api/companies/{companyId}/request-assignees'>['assignees'][number];

/** The browser's zone: the requester's today is there, for the server's date rules. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
/** One key per user action: a double click or a retried request writes once. */
const once = () => ({ headers: { 'Idempotency-Key': newIdempotencyKey() } });
const ofRequest = (companyId: string, requestId: string) => ({ path: { companyId, requestId } });

/** The leave calls (api/routes/leave.ts) and the requests' shared ones (api/routes/requests.ts). */
export const leaveApi = {
  mine: (companyId: string) => api.get('/api/companies/{companyId}/leave/requests', { path: { companyId } }),
  balance: (companyId: string, year: number) => api.get('/api/companies/{companyId}/leave/balance', { path: { companyId }, query: { year } }),
  request: (companyId: string, form: LeaveForm) =>
    api.post('/api/companies/{companyId}/leave/requests', { path: { companyId }, body: { ...form, timeZone: browserZone() }, ...once() }),
  edit: (companyId: string, requestId: string, form: Partial<LeaveForm>) =>
    api.patch('/api/companies/{companyId}/leave/requests/{requestId}', { ...ofRequest(companyId, requestId), body: { ...form, timeZone: browserZone() }, ...once() }),
  remove: (companyId: string, requestId: string) => api.delete('/api/companies/{companyId}/leave/requests/{requestId}', { ...ofRequest(companyId, requestId), ...once() }),
  toProcess: (companyId: string) => api.get('/api/companies/{companyId}/leave/team-requests', { path: { companyId } }),
  approve: (companyId: string, requestId: string, comment: string) =>
    api.post('/api/companies/{companyId}/leave/requests/{requestId}/approve', { ...ofRequest(companyId, requestId), body: { comment }, ...once() }),
  decline: (companyId: string, requestId: string, comment: string) =>
    api.post('/api/companies/{companyId}/leave/requests/{requestId}/decline', { ...ofRequest(companyId, requestId), body: { comment }, ...once() }),
  history: (companyId: string, requestId: string) => api.get('/api/companies/{companyId}/requests/{requestId}/history', ofRequest(companyId, requestId)),
  assignees: (companyId: string, teamId: string) => api.get('/api/companies/{companyId}/request-assignees', { path: { companyId }, query: { teamId } }),
};
