import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../../shared/commands/newIdempotencyKey';

/**
 * Runs a user action (a click on Start, Stop, Punch In...) with a fresh
 * idempotency key, ignoring further clicks until it settles: a double click
 * lands before React re-renders the button as disabled, so the guard must not
 * wait for a render.
 */
export function useOneActionAtATime(): (action: (key: string) => Promise<unknown>) => void {
  const busy = useRef(false);
  return useCallback((action) => {
    if (busy.current) return;
    busy.current = true;
    action(newIdempotencyKey())
      // Failures are shown by the mutation's onError.
      .catch(() => undefined)
      .finally(() => {
        busy.current = false;
      });
  }, []);
}
