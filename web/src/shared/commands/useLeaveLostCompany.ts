import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

/** Management §4: when a change takes away the user's own membership, they pick a company again. */
export function useLeaveLostCompany() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['me'] });
    void navigate({ to: '/select-company', replace: true });
  }, [queryClient, navigate]);
}
