import { useQuery } from '@tanstack/react-query';
import { invitationQueryOptions } from './invitationQueryOptions';

/** The invitation of `?i={token}` on the sign-in screens, when there is one. */
export function useLinkedInvitation(token: string | undefined) {
  return useQuery({ ...invitationQueryOptions(token ?? ''), enabled: Boolean(token) });
}
