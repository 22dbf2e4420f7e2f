import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MemberFilter } from './Member';
import { membersApi } from './membersApi';

/** One page of the active company's members; the previous page stays on screen while the next one loads. */
export const membersQueryOptions = (companyId: string, filter: MemberFilter) =>
  queryOptions({
    queryKey: ['company', companyId, 'members', filter],
    queryFn: () => membersApi.list(companyId, filter),
    placeholderData: keepPreviousData,
  });
