import { useLiveUpdates } from './useLiveUpdates';

/** Mount once below the session guard: live updates only run for a signed-in user. */
export function LiveUpdates() {
  useLiveUpdates();
  return null;
}
