import { queryClient } from '../../lib/queryClient';
import { meQueryOptions } from '../../shared/identity/meQueryOptions';
import type { Profile } from '../../shared/profile/Profile';
import { useActiveCompanyStore } from '../../shared/company/activeCompanyStore';

/**
 * `/dashboard-team?cid=` makes that company active when it is one of the
 * user's. A company joined a moment ago may be missing from the cached
 * profile, so the profile is fetched again once before giving up on the id.
 */
export async function activateLinkedCompany(companyId: string): Promise<void> {
  const isMine = (profile: Profile | null | undefined) =>
    profile?.companyList.some((company) => company.companyId === companyId) ?? false;
  let profile = queryClient.getQueryData(meQueryOptions.queryKey);
  if (!isMine(profile)) {
    try {
      profile = await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    } catch {
      return;
    }
  }
  if (isMine(profile)) useActiveCompanyStore.getState().setCompanyId(companyId);
}
