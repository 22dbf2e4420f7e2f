import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import { browserTimeZone } from '../../shared/company/timeZoneOptions';
import { desktopNotices } from './desktopNotices';
import { showDesktopNotice } from './showDesktopNotice';
import { timerApi } from '../../shared/time-tracking/timerApi';
import type { TimerStatus } from './TimerStatus';
import { timerStatusQueryOptions } from './timerStatusQueryOptions';

export type PunchDirection = 'in' | 'out';

/** Punch in or out (core §4) in the browser's time zone; the punch status is refetched afterwards either way. */
export function usePunch(companyId: string) {
  const queryClient = useQueryClient();
  const statusKey = timerStatusQueryOptions(companyId).queryKey;

  return useMutation({
    mutationFn: ({ key, direction }: { key: string; direction: PunchDirection }) => timerApi.punch(companyId, direction, browserTimeZone(), key),
    onSuccess: ({ message }, { direction }) => {
      const isPunchedIn = direction === 'in';
      queryClient.setQueryData<TimerStatus>(statusKey, (status) =>
        status ? { ...status, punch: { isPunchedIn, lastPunchinoutStatus: isPunchedIn ? 'punchin' : 'punchout' } } : status,
      );
      notify.success(message);
      showDesktopNotice(isPunchedIn ? desktopNotices.punchIn : desktopNotices.punchOut);
    },
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}
