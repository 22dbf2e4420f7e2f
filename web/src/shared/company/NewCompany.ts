import type { ApiBody } from '../../lib/api';

/** The body of `POST /api/companies`; working hours are local "HH:mm". */
export type NewCompany = ApiBody<'post', '/api/companies'>;
