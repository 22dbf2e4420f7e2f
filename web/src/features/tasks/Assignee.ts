import type { ApiAnswer } from '../../lib/api';

/** Someone a task can be assigned to: a member of one of the company's teams. */
export type Assignee = ApiAnswer<'get', '/api/companies/{companyId}/assignees'>[number];
