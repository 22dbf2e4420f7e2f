import { create } from 'zustand';

interface ServerClockState {
  /** Server clock minus this machine's clock, in ms (0 until measured or when the server cannot be asked). */
  offsetMs: number;
  setOffset: (offsetMs: number) => void;
}

/** What useServerClock measured; read the time through serverNow(). */
export const useServerClockStore = create<ServerClockState>()((set) => ({
  offsetMs: 0,
  setOffset: (offsetMs) => set({ offsetMs }),
}));

/** The server's time now, as estimated here: every displayed duration uses this, never the raw machine clock. */
export function serverNow(): number {
  return Date.now() + useServerClockStore.getState().offsetMs;
}
