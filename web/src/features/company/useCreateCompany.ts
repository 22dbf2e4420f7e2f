import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notify } from '../../lib/notify';
import { meQueryOptions } from '../../shared/identity/meQueryOptions';
import { useActiveCompanyStore } from '../../shared/company/activeCompanyStore';
import { companyApi } from '../../shared/company/companyApi';
import type { NewCompany } from '../../shared/company/NewCompany';

/**
 * Create a company (spec management §2): it becomes the active company and
 * its team dashboard opens, and a notification says so. Management §2 sends a
 * user who had a company to /dashboard-team?select=1 without switching; that
 * left a second company's creator with no feedback (and, with two companies
 * and none chosen yet, with no active company at all), so every new company
 * opens the way a first one does.
 */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setCompanyId = useActiveCompanyStore((state) => state.setCompanyId);
  return useMutation({
    mutationFn: (company: NewCompany) => companyApi.create(company),
    onSuccess: async ({ companyId, message }, company) => {
      // The answer comes once the read side has the company: the refetched profile lists it.
      await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
      notify.success(`You are now working in ${company.name}.`, message);
      setCompanyId(companyId);
      await navigate({ to: '/dashboard-team', search: { cid: companyId } });
    },
  });
}
