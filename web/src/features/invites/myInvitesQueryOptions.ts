import { queryOptions } from '@tanstack/react-query';
import { invitesApi } from '../../shared/invites/invitesApi';

/** The signed-in user's pending invites. */
export const myInvitesQueryOptions = queryOptions({
  queryKey: ['me', 'invites'],
  queryFn: invitesApi.mine,
});

/** One of the signed-in user's invites, whatever its status. */
export const myInviteQueryOptions = (inviteId: string) =>
  queryOptions({
    queryKey: ['me', 'invites', inviteId],
    queryFn: () => invitesApi.mineOne(inviteId),
  });
