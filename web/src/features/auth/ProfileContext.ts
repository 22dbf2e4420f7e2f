import { createContext } from 'react';
import type { Profile } from '../profile/Profile';

/**
 * The signed-in user as SessionGuard last rendered it. Pages read it from here
 * rather than from the query so that, while logout clears the cache and
 * navigates away, they keep the last profile instead of seeing none.
 */
export const ProfileContext = createContext<Profile | null>(null);
