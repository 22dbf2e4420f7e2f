import type { ApiAnswer } from '../../lib/api';

/** A task the timer may run on: assigned to the user and not DONE (core §5). */
export type TimerTask = ApiAnswer<'get', '/api/companies/{companyId}/projects/{projectId}/my-tasks'>[number];
