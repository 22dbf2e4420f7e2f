import { useEffect, useRef } from 'react';
import { desktopNotices } from './desktopNotices';
import { elapsedSeconds } from './elapsedSeconds';
import { serverNow } from './serverClockStore';
import { showDesktopNotice } from './showDesktopNotice';
import type { TimerSession } from './TimerStatus';
import { useTimerTickStore } from './timerTickStore';

const hoursRun = (startedAt: string, now: number) => Math.floor(elapsedSeconds(startedAt, now) / 3600);

/** A desktop notification at each full hour a session runs ('Timer running for N h'). */
export function useHourlyTimerNotice(session: TimerSession | null): void {
  const startedAt = session?.startedAt ?? null;
  const sessionId = session?.sessionId ?? null;
  // Re-renders once an hour, not every tick.
  const hours = useTimerTickStore((state) => (startedAt ? hoursRun(startedAt, state.now) : 0));
  const announced = useRef<{ sessionId: string; hours: number } | null>(null);

  useEffect(() => {
    if (!sessionId || !startedAt) {
      announced.current = null;
      return;
    }
    if (announced.current?.sessionId !== sessionId) {
      // Hours that passed before this page saw the session are not announced late.
      announced.current = { sessionId, hours: hoursRun(startedAt, serverNow()) };
      return;
    }
    if (hours > announced.current.hours) {
      announced.current.hours = hours;
      showDesktopNotice(desktopNotices.interval(hours), `timer-interval-${sessionId}-${hours}`);
    }
  }, [sessionId, startedAt, hours]);
}
