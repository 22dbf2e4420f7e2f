import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ApprovalRow, timesheetsApi } from './timesheetsApi';

/**
 * Under ['company', companyId, 'timesheets']: a submission, an answer or a
 * reopening reaches every open timesheet page. The period on screen stays
 * while the next one loads.
 */
export const timesheetQueries = {
  sheet: (companyId: string, userId: string, day: string | undefined) =>
    queryOptions({
      queryKey: ['company', companyId, 'timesheets', 'sheet', userId, day ?? 'today'],
      queryFn: () => timesheetsApi.sheet(companyId, userId, day),
      placeholderData: keepPreviousData,
    }),
  history: (companyId: string, userId: string, start: string) =>
    queryOptions({ queryKey: ['company', companyId, 'timesheets', 'history', userId, start], queryFn: () => timesheetsApi.history(companyId, userId, start) }),
  approvals: (companyId: string, query: { day?: string; teamId?: string; status?: ApprovalRow['status'] }) =>
    queryOptions({
      queryKey: ['company', companyId, 'timesheets', 'approvals', query],
      queryFn: () => timesheetsApi.approvals(companyId, query),
      placeholderData: keepPreviousData,
    }),
};
