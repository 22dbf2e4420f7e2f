import type { ApiAnswer } from '../../lib/api';

/**
 * One of the signed-in user's companies, as `/api/me` (companyList) and `GET
 * /api/companies` list it. `subscriptionStatus` is 'trial', 'active' or
 * 'suspended'; anything else is read as trial by the gate and shown as Unknown.
 */
export type CompanySummary = ApiAnswer<'get', '/api/companies'>[number];
