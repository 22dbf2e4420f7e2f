import { create } from 'zustand';
import { serverNow } from './serverClockStore';

interface TimerTickState {
  /** The server time of the last tick, in ms since the epoch. */
  now: number;
  tick: () => void;
}

/** The displayed clock: it ticks each second while a session runs; the session itself is the server's. */
export const useTimerTickStore = create<TimerTickState>()((set) => ({
  now: serverNow(),
  tick: () => set({ now: serverNow() }),
}));
