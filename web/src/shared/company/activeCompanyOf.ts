import type { CompanySummary } from './CompanySummary';
import { resolveActive } from './resolveActive';

/** The active one of the user's companies: the stored choice while it is still theirs, else their only company, else none. */
export function activeCompanyOf(companyList: readonly CompanySummary[], storedId: string | null): CompanySummary | null {
  return resolveActive(companyList, storedId, (company) => company.companyId);
}
