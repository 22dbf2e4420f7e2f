import { queryOptions } from '@tanstack/react-query';
import { companyApi } from './companyApi';

/** One company with the caller's role and teams; under the company's key, so its live changes refresh it. */
export const companyQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['company', companyId, 'details'],
    queryFn: () => companyApi.get(companyId),
  });
