import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { invoicesApi } from './invoicesApi';

/**
 * One page of the company's invoices; the previous page stays on screen while
 * the next one loads. Under the company's details, where the billing read
 * model's live changes reach it.
 */
export const invoicesQueryOptions = (companyId: string, page: number) =>
  queryOptions({
    queryKey: ['company', companyId, 'details', 'invoices', page],
    queryFn: () => invoicesApi.page(companyId, page),
    placeholderData: keepPreviousData,
  });
