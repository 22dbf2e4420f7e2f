import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import { meQueryOptions } from '../../shared/identity/meQueryOptions';
import { profileApi } from './profileApi';

export function useUpdateProfileName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileApi.updateName,
    onSuccess: (_result, name) => {
      // The read side catches up a moment later (and announces it live); show the accepted name now.
      queryClient.setQueryData(meQueryOptions.queryKey, (me) => (me ? { ...me, name } : me));
      notify.success('Profile updated');
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
