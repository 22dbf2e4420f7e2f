import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TablePage } from '../../shared/requests/TablePager';
import { regularizationApi } from './regularizationApi';

/**
 * Under ['company', companyId, 'regularization']: a change of the company's
 * regularization requests (a request, an answer, a move) reaches every open
 * regularization page. The previous page stays on screen while the next loads.
 */
export const regularizationQueries = {
  mine: (companyId: string, page: TablePage) =>
    queryOptions({ queryKey: ['company', companyId, 'regularization', 'mine', page], queryFn: () => regularizationApi.mine(companyId, page), placeholderData: keepPreviousData }),
  toProcess: (companyId: string, page: TablePage) =>
    queryOptions({ queryKey: ['company', companyId, 'regularization', 'team', page], queryFn: () => regularizationApi.toProcess(companyId, page), placeholderData: keepPreviousData }),
};
