import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clockOffset } from './clockOffset';
import { useServerClockStore } from './serverClockStore';
import { timerApi } from '../../shared/time-tracking/timerApi';

// A machine clock drifts slowly; a fresh measure now and then (and on focus) is plenty.
const remeasureMs = 10 * 60_000;

async function measureOffset(): Promise<number> {
  const sentAt = Date.now();
  try {
    const { timestamp } = await timerApi.serverTime();
    return clockOffset(timestamp, sentAt, Date.now());
  } catch {
    // Core §7: without the server's answer the local clock is the best there is.
    return 0;
  }
}

/** Measures how far the server's clock is from this machine's (GET /api/time, cached 1 s) and keeps it in the server-clock store. */
export function useServerClock(): number {
  const setOffset = useServerClockStore((state) => state.setOffset);
  const { data: offsetMs } = useQuery({
    queryKey: ['server-time'],
    queryFn: measureOffset,
    staleTime: 1_000,
    refetchInterval: remeasureMs,
  });
  useEffect(() => {
    if (offsetMs !== undefined) setOffset(offsetMs);
  }, [offsetMs, setOffset]);
  return offsetMs ?? 0;
}
