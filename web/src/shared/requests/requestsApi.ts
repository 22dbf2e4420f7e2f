import type { LeaveRequestStatus } from '../../../../domain/leave/events.ts';
import type { RegularizationStatus } from '../../../../domain/regularization/events.ts';
import type { RequestKind } from '../../../../domain/shared/request-schema.ts';
import { api, type ApiAnswer } from '../../lib/api';
import { newIdempotencyKey } from '../commands/newIdempotencyKey';

export type { RequestKind };
export type RequestStatus = LeaveRequestStatus | RegularizationStatus;
export type RequestHistory = ApiAnswer<'get', '/api/companies/{companyId}/requests/{requestId}/history'>['history'];

/** One key per user action: a double click or a retried request writes once. */
export const once = () => ({ headers: { 'Idempotency-Key': newIdempotencyKey() } });
export const ofRequest = (companyId: string, requestId: string) => ({ path: { companyId, requestId } });

/** What leave and regularization requests share (api/requests/routes.ts): each request's history, and whom one may ask. */
export const requestsApi = {
  history: (companyId: string, requestId: string) => api.get('/api/companies/{companyId}/requests/{requestId}/history', ofRequest(companyId, requestId)),
  assignees: (companyId: string, teamId: string) => api.get('/api/companies/{companyId}/request-assignees', { path: { companyId }, query: { teamId } }),
};
