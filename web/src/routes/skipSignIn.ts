import { redirect } from '@tanstack/react-router';
import { meQueryOptions } from '../shared/identity/meQueryOptions';
import { queryClient } from '../lib/queryClient';

/**
 * The guard of the sign-in screens: a signed-in user goes to the team
 * dashboard (core §2). When the session cannot be checked, they still work.
 */
export async function skipSignIn() {
  const profile = await queryClient.ensureQueryData(meQueryOptions).catch(() => null);
  if (profile) throw redirect({ to: '/dashboard-team', replace: true });
}
