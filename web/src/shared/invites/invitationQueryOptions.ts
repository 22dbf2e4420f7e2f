import { queryOptions } from '@tanstack/react-query';
import { invitesApi } from './invitesApi';

/** The invitation behind a mailed link; public, so it lives outside the user's ['me'] data. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => invitesApi.byToken(token),
  });
