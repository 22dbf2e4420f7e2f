import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { invoicesApi } from './invoicesApi';

/** One page of the company's invoices; the previous page stays on screen while the next one loads. */
export const invoicesQueryOptions = (companyId: string, page: number) =>
  queryOptions({
    queryKey: ['company', companyId, 'invoices', page],
    queryFn: () => invoicesApi.page(companyId, page),
    placeholderData: keepPreviousData,
  });
