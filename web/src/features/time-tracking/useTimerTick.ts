import { useEffect } from 'react';
import { useServerClockStore } from './serverClockStore';
import { useTimerTickStore } from './timerTickStore';

/** Ticks the displayed clock every second while a session runs (core §9: tick 1 s); idle, nothing ticks. */
export function useTimerTick(running: boolean): void {
  const tick = useTimerTickStore((state) => state.tick);
  const offsetMs = useServerClockStore((state) => state.offsetMs);

  useEffect(() => {
    if (!running) return;
    tick();
    const timer = setInterval(tick, 1_000);
    return () => clearInterval(timer);
    // A new clock offset shows at once rather than at the next tick.
  }, [running, tick, offsetMs]);
}
