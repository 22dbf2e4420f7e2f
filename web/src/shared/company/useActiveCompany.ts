import { useProfile } from '../identity/useProfile';
import type { CompanySummary } from './CompanySummary';
import { useActiveCompanyStore } from './activeCompanyStore';
import { activeCompanyOf } from './activeCompanyOf';

/**
 * The active company's entry of the user's company list, or null when none is
 * active: the stored company while the user still belongs to it, else their
 * only company. Render behind the session route.
 */
export function useActiveCompany(): CompanySummary | null {
  const { companyList } = useProfile();
  const storedId = useActiveCompanyStore((state) => state.companyId);
  return activeCompanyOf(companyList, storedId);
}
