import { api, type ApiAnswer } from '../../lib/api';
import { browserTimeZone } from '../../shared/company/timeZoneOptions';
import { once } from '../../shared/requests/requestsApi';

export type TimesheetSheet = ApiAnswer<'get', '/api/companies/{companyId}/timesheets/{userId}/sheet'>;
export type Approvals = ApiAnswer<'get', '/api/companies/{companyId}/timesheets'>;
export type ApprovalRow = Approvals['rows'][number];
export type TimesheetHistory = ApiAnswer<'get', '/api/companies/{companyId}/timesheets/{userId}/{start}/history'>;

/** The timesheet calls (api/timesheets/routes.ts). */
export const timesheetsApi = {
  sheet: (companyId: string, userId: string, day: string | undefined) =>
    api.get('/api/companies/{companyId}/timesheets/{userId}/sheet', { path: { companyId, userId }, query: day ? { day } : {} }),
  submit: (companyId: string, start: string, values: { approverId: string; note: string }) =>
    api.post('/api/companies/{companyId}/timesheets/{start}/submit', { path: { companyId, start }, body: { ...values, timeZone: browserTimeZone() }, ...once() }),
  history: (companyId: string, userId: string, start: string) => api.get('/api/companies/{companyId}/timesheets/{userId}/{start}/history', { path: { companyId, userId, start } }),
  approvals: (companyId: string, query: { day?: string; teamId?: string; status?: ApprovalRow['status'] }) => api.get('/api/companies/{companyId}/timesheets', { path: { companyId }, query }),
  approveMany: (companyId: string, timesheets: { userId: string; start: string }[]) =>
    api.post('/api/companies/{companyId}/timesheets/approve', { path: { companyId }, body: { timesheets }, ...once() }),
  approve: (companyId: string, userId: string, start: string) =>
    api.post('/api/companies/{companyId}/timesheets/{userId}/{start}/approve', { path: { companyId, userId, start }, body: {}, ...once() }),
  reject: (companyId: string, userId: string, start: string, reason: string) =>
    api.post('/api/companies/{companyId}/timesheets/{userId}/{start}/reject', { path: { companyId, userId, start }, body: { reason }, ...once() }),
  reopen: (companyId: string, userId: string, start: string, reason: string) =>
    api.post('/api/companies/{companyId}/timesheets/{userId}/{start}/reopen', { path: { companyId, userId, start }, body: { reason }, ...once() }),
};
