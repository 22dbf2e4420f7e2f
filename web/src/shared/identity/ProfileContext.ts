import { createContext } from 'react';
import type { Profile } from '../profile/Profile';

/**
 * The signed-in user as the session route last loaded it. useProfile falls back
 * to it when the query has no profile, so that, while logout clears the cache
 * and navigates away, pages keep the last profile instead of seeing none.
 */
export const ProfileContext = createContext<Profile | null>(null);
