import { useMe } from './useMe';
import type { Profile } from '../profile/Profile';

/** The signed-in user inside pages that are only reachable with a session (see SessionGuard). */
export function useProfile(): Profile {
  const { data } = useMe();
  if (!data) throw new Error('useProfile needs a signed-in user; render it below SessionGuard.');
  return data;
}
