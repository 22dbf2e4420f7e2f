import { queryOptions } from '@tanstack/react-query';
import { leaveApi } from './leaveApi';

/**
 * Under ['company', companyId, 'leave']: a change of the company's leave
 * (a request, an answer, its history) reaches every open leave page.
 */
export const leaveQueries = {
  mine: (companyId: string) => queryOptions({ queryKey: ['company', companyId, 'leave', 'mine'], queryFn: () => leaveApi.mine(companyId) }),
  balance: (companyId: string, year: number) => queryOptions({ queryKey: ['company', companyId, 'leave', 'balance', year], queryFn: () => leaveApi.balance(companyId, year) }),
  toProcess: (companyId: string) => queryOptions({ queryKey: ['company', companyId, 'leave', 'team'], queryFn: () => leaveApi.toProcess(companyId) }),
};
