import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { timerStatusQueryOptions } from './timerStatusQueryOptions';

/**
 * Resumes the timer from the server (core §4) when the window gets focus,
 * when the tab becomes visible again and when the active team changes.
 * Live updates refresh it too (the family 'timer', told to the user).
 */
export function useTimerStatusRefresh(companyId: string, teamId: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    // A focus and a visibility change often come together: the second joins the first fetch.
    const refresh = () => void queryClient.refetchQueries({ queryKey: timerStatusQueryOptions(companyId).queryKey }, { cancelRefetch: false });
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [companyId, queryClient]);

  const previousTeam = useRef(teamId);
  useEffect(() => {
    if (previousTeam.current === teamId) return;
    previousTeam.current = teamId;
    void queryClient.invalidateQueries({ queryKey: timerStatusQueryOptions(companyId).queryKey });
  }, [companyId, teamId, queryClient]);
}
