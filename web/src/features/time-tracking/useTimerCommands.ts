import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/ApiError';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import { desktopNotices } from './desktopNotices';
import { formatHoursMinutes } from './formatHoursMinutes';
import { showDesktopNotice } from './showDesktopNotice';
import type { StartTimer } from '../../shared/time-tracking/timerApi';
import { timerApi } from '../../shared/time-tracking/timerApi';
import type { TimerStatus } from './TimerStatus';
import { timerStatusQueryOptions } from './timerStatusQueryOptions';

/** One user action and the idempotency key it was given (useOneActionAtATime). */
interface Action<Input> {
  key: string;
  input: Input;
}

/**
 * Start, stop and cancel of the timer: the server's message as a
 * notification (and a desktop one), then the timer and punch status refetched
 * whatever happened (core §4), since a refusal often means another tab or
 * device changed it.
 */
export function useTimerCommands(companyId: string) {
  const queryClient = useQueryClient();
  const statusKey = timerStatusQueryOptions(companyId).queryKey;
  const refresh = () => queryClient.invalidateQueries({ queryKey: statusKey });
  // Shared by the three commands, so a command still under way shows when the popup is opened again.
  const mutationKey = ['timer', companyId];

  const start = useMutation({
    mutationKey,
    mutationFn: ({ key, input }: Action<StartTimer>) => timerApi.start(companyId, input, key),
    onSuccess: ({ message, session }) => {
      // Ticking starts now rather than after the refetch.
      queryClient.setQueryData<TimerStatus>(statusKey, (status) => (status && session ? { ...status, session } : status));
      notify.success(message);
      if (session) showDesktopNotice(desktopNotices.started(session.projectName, session.taskName));
    },
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: refresh,
  });

  const stop = useMutation({
    mutationKey,
    mutationFn: ({ key, input: sessionId }: Action<string>) => timerApi.stop(companyId, sessionId, key),
    onSuccess: ({ message, splitMessage, entries }) => {
      queryClient.setQueryData<TimerStatus>(statusKey, (status) => (status ? { ...status, session: null } : status));
      notify.success(message);
      if (splitMessage) notify.info(splitMessage);
      const seconds = entries.reduce((total, entry) => total + entry.seconds, 0);
      showDesktopNotice(desktopNotices.stopped(formatHoursMinutes(seconds)));
    },
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: refresh,
  });

  const cancel = useMutation({
    mutationKey,
    mutationFn: ({ key }: Action<void>) => timerApi.cancel(companyId, key),
    onSuccess: ({ message }) => {
      queryClient.setQueryData<TimerStatus>(statusKey, (status) => (status ? { ...status, session: null } : status));
      notify.success(message);
      showDesktopNotice(desktopNotices.cancelled);
    },
    // 409 is 'No active timer session to cancel.': nothing was lost, so a warning (core §8).
    onError: (error) => (error instanceof ApiError && error.status === 409 ? notify.warning(error.message) : notify.error(errorMessage(error))),
    onSettled: refresh,
  });

  const isPending = useIsMutating({ mutationKey }) > 0;
  return { start, stop, cancel, isPending };
}
