import type { ApiAnswer } from '../../lib/api';

/** The company's settings and each year's leave policy, as GET /settings answers them. */
export type CompanySettings = ApiAnswer<'get', '/api/companies/{companyId}/settings'>;

export type LeavePolicy = CompanySettings['leavePolicies'][number];
