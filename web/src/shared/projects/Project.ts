import type { ApiAnswer } from '../../lib/api';

/**
 * A project of the active company with its live tasks; `prefix` is the two
 * letters every task id of the project starts with, and `tasks` is empty for
 * Members, who only need project names for the timer.
 */
export type Project = ApiAnswer<'get', '/api/companies/{companyId}/projects'>[number];
