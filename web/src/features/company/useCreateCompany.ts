import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notify } from '../../lib/notify';
import { meQueryOptions } from '../auth/meQueryOptions';
import { useActiveCompanyStore } from './activeCompanyStore';
import { companyApi } from './companyApi';
import type { NewCompany } from './NewCompany';

interface CreateCompanyVariables {
  company: NewCompany;
  /** Whether the user had a company before this one, as the form saw it. */
  hadCompany: boolean;
}

/**
 * Create a company (spec management §2): a first company becomes active and
 * opens; otherwise the user goes to the team dashboard with ?select=1 and
 * keeps the active company.
 */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setCompanyId = useActiveCompanyStore((state) => state.setCompanyId);
  return useMutation({
    mutationFn: ({ company }: CreateCompanyVariables) => companyApi.create(company),
    onSuccess: async ({ companyId, message }, { hadCompany }) => {
      // The answer comes once the read side has the company: the refetched profile lists it.
      await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
      notify.success(message);
      if (hadCompany) {
        await navigate({ to: '/dashboard-team', search: { select: '1' } });
      } else {
        setCompanyId(companyId);
        await navigate({ to: '/dashboard-team', search: { cid: companyId } });
      }
    },
  });
}
