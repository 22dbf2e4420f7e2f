import { queryOptions } from '@tanstack/react-query';
import { companyApi } from '../../shared/company/companyApi';

/** The signed-in user's companies; under ['me'] because the user's own changes (joining, leaving) move it. */
export const companiesQueryOptions = queryOptions({
  queryKey: ['me', 'companies'],
  queryFn: companyApi.list,
});
