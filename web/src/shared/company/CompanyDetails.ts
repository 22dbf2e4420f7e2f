import type { ApiAnswer } from '../../lib/api';

/** `GET /api/companies/{companyId}`: the company, its subscription, the caller's role and the caller's own teams. */
export type CompanyDetails = ApiAnswer<'get', '/api/companies/{companyId}'>;
