import { api } from '../../lib/api';
import type { CompanyDetails } from './CompanyDetails';
import type { CompanySummary } from './CompanySummary';
import type { NewCompany } from './NewCompany';

/** Calls about companies as a whole (organisation API). */
export const companyApi = {
  create: (body: NewCompany) =>
    api.post<{ companyId: string; message: string; position: string | null }>('/api/companies', body),
  list: () => api.get<CompanySummary[]>('/api/companies'),
  get: (companyId: string) => api.get<CompanyDetails>(`/api/companies/${encodeURIComponent(companyId)}`),
};
