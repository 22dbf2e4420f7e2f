import type { ApiAnswer } from '../../lib/api';

/** A team of the active company; `members` is empty for Members and Clients, who do not see who else is in it. */
export type Team = ApiAnswer<'get', '/api/companies/{companyId}/teams'>[number];

/** Someone in a team; `role` is Admin, Head, Manager or Member within this team. */
export type TeamMember = Team['members'][number];
