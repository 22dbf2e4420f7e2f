import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import type { Profile } from '../profile/Profile';
import { meQueryOptions } from './meQueryOptions';
import { ProfileContext } from './ProfileContext';

/** The signed-in user, for pages behind the session; it follows the ['me'] query (live updates included). */
export function useProfile(): Profile {
  const guarded = useContext(ProfileContext);
  // The query itself, without fetching: the session route hears of new data a moment after it lands (query
  // notifications are batched), and a page that a navigation renders in that moment must not decide on
  // the profile from before, e.g. send the Admin of a company just created to the Member's dashboard
  // because the role was not yet granted when the profile was read before.
  const { data: latest } = useQuery({ ...meQueryOptions, enabled: false });
  const profile = latest ?? guarded;
  if (!profile) throw new Error('useProfile needs a signed-in user; render it behind the session route.');
  return profile;
}
