import { useEffect } from 'react';
import { notify } from '../../lib/notify';
import type { AbandonedSession } from './TimerStatus';

const shownKey = 'timeledger.shownAbandonedSessions';
const remembered = 20;

function shownIds(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(shownKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The end time in the user's words: the time alone today, with the day otherwise. */
function localMoment(iso: string): string {
  const at = new Date(iso);
  const today = at.toDateString() === new Date().toDateString();
  return today
    ? at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })
    : at.toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
}

/** Tells the user, once per session and browser, that the server ended their timer because this device went quiet. */
export function useAbandonedSessionNotice(abandoned: AbandonedSession | null): void {
  const sessionId = abandoned?.sessionId ?? null;
  const endedAt = abandoned?.endedAt ?? null;

  useEffect(() => {
    if (!sessionId || !endedAt) return;
    const shown = shownIds();
    if (shown.includes(sessionId)) return;
    localStorage.setItem(shownKey, JSON.stringify([...shown, sessionId].slice(-remembered)));
    // Lost time is news the user must not miss: it stays until closed.
    notify.warning(`Your timer stopped at ${localMoment(endedAt)} because this device stopped responding. Time after that was not counted.`, undefined, false);
  }, [sessionId, endedAt]);
}
