import type { ApiAnswer } from '../../lib/api';

/** One application's time on the day, with its category as the company has it now. */
export type ApplicationTime = ApiAnswer<'get', '/api/companies/{companyId}/application-dashboard'>['applications'][number];
