import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SYNC_INTERVAL_MS } from '../../../../domain/time-tracking/tracker.ts';
import { ApiError } from '../../lib/ApiError';
import type { TimerSession } from './TimerStatus';
import { timerApi } from '../../shared/time-tracking/timerApi';
import { timerStatusQueryOptions } from './timerStatusQueryOptions';

/**
 * The 30-second sync (core §4): while a web session runs, tell the server this
 * browser is still tracking, or it ends the session at the last sign of life.
 * With several tabs open only one beats: they queue for a Web Lock and the
 * next one takes over when the beating tab closes.
 */
export function useTimerHeartbeat(companyId: string, session: TimerSession | null): void {
  const queryClient = useQueryClient();
  // The desktop agent beats for its own sessions, with the idle minutes only it can measure.
  const sessionId = session?.source === 'web' ? session.sessionId : null;

  useEffect(() => {
    if (!sessionId) return;
    const stop = new AbortController();

    const beat = async () => {
      try {
        await timerApi.heartbeat(companyId, sessionId);
      } catch (error) {
        // 409: the session ended elsewhere (stopped in another tab, cancelled, or abandoned).
        if (error instanceof ApiError && error.status === 409) {
          void queryClient.invalidateQueries({ queryKey: timerStatusQueryOptions(companyId).queryKey });
        }
      }
    };

    const beatUntilStopped = () =>
      new Promise<void>((resolve) => {
        void beat();
        const timer = setInterval(() => void beat(), SYNC_INTERVAL_MS);
        stop.signal.addEventListener('abort', () => {
          clearInterval(timer);
          resolve();
        });
      });

    if ('locks' in navigator) {
      navigator.locks.request(`timeledger.heartbeat.${sessionId}`, { signal: stop.signal }, beatUntilStopped).catch(() => {
        // Aborted while waiting for the lock: this tab was never the one beating.
      });
    } else {
      void beatUntilStopped();
    }
    return () => stop.abort();
  }, [companyId, sessionId, queryClient]);
}
