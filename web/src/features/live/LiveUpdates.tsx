import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { useLiveUpdates } from './useLiveUpdates';

/** Mount once below the session guard: live updates only run for a signed-in user, following the active company. */
export function LiveUpdates() {
  const company = useActiveCompany();
  useLiveUpdates(company?.companyId ?? null);
  return null;
}
