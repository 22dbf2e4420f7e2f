import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { canOpen } from '../access/canOpen';
import type { CompanySummary } from './CompanySummary';
import { useActiveCompanyStore } from './activeCompanyStore';

/**
 * Company switch (spec management §4): store the company locally, then open
 * its home: the team dashboard, or for Members and Clients (who may not open
 * it) their own dashboard.
 */
export function useSwitchCompany() {
  const navigate = useNavigate();
  const setCompanyId = useActiveCompanyStore((state) => state.setCompanyId);
  return useCallback(
    (company: Pick<CompanySummary, 'companyId' | 'role'>) => {
      setCompanyId(company.companyId);
      if (canOpen('/dashboard-team', company.role)) {
        void navigate({ to: '/dashboard-team', search: { cid: company.companyId } });
      } else {
        void navigate({ to: '/dashboard-individual' });
      }
    },
    [navigate, setCompanyId],
  );
}
