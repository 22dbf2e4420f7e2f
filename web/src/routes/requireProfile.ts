import { redirect } from '@tanstack/react-router';
import { meQueryOptions } from '../shared/identity/meQueryOptions';
import { queryClient } from '../lib/queryClient';

/**
 * The guard of every page behind the session (core §2): the signed-in user's
 * profile for the routes below, or the sign-in page. A session that cannot be
 * checked fails the route, whose error page offers a Retry.
 */
export async function requireProfile() {
  const profile = await queryClient.ensureQueryData(meQueryOptions);
  if (!profile) throw redirect({ to: '/auth/login', replace: true });
  return { profile };
}
