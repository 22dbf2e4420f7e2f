import { useContext } from 'react';
import type { Profile } from '../profile/Profile';
import { ProfileContext } from './ProfileContext';

/** The signed-in user, for pages below SessionGuard; it follows the ['me'] query (live updates included). */
export function useProfile(): Profile {
  const profile = useContext(ProfileContext);
  if (!profile) throw new Error('useProfile needs a signed-in user; render it below SessionGuard.');
  return profile;
}
