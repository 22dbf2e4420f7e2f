import { elapsedSeconds } from './elapsedSeconds';
import { formatElapsed } from './formatElapsed';
import { useTimerTickStore } from './timerTickStore';

/** h:mm:ss since `startedAt` by the server clock; only this text re-renders each second. */
export function TimerClock({ startedAt }: { startedAt: string | null }) {
  const seconds = useTimerTickStore((state) => (startedAt ? elapsedSeconds(startedAt, state.now) : 0));
  return <>{formatElapsed(seconds)}</>;
}
