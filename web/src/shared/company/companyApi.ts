import { api } from '../../lib/api';
import type { NewCompany } from './NewCompany';

/** Calls about companies as a whole (organisation API). */
export const companyApi = {
  create: (body: NewCompany) => api.post('/api/companies', { body }),
  list: () => api.get('/api/companies'),
  get: (companyId: string) => api.get('/api/companies/{companyId}', { path: { companyId } }),
};
