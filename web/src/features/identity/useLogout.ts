import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActiveCompanyStore } from '../../shared/company/activeCompanyStore';
import { useActiveTeamStore } from '../../shared/company/activeTeamStore';
import { authApi } from './authApi';

/** Logout (spec core §4): end the session, forget everything local, go home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: authApi.logout,
    // Local state goes even when the call fails, so a dead session never leaves data behind.
    onSettled: () => {
      // The stores keep their state in memory too; reset them before their storage goes.
      useActiveCompanyStore.setState({ companyId: null });
      useActiveTeamStore.setState({ teamIdByCompany: {}, declinedIn: [], chooserOpened: false });
      localStorage.clear();
      queryClient.clear();
      void navigate({ to: '/' });
    },
  });
}
