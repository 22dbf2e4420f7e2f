import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/ApiError';
import type { Profile } from '../profile/Profile';

async function fetchMe(): Promise<Profile | null> {
  try {
    return await api.get('/api/me');
  } catch (error) {
    // 401 is an answer, not a failure: nobody is signed in.
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The session: the signed-in user's profile, or null when signed out. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: fetchMe,
  retry: false,
});
