import type { ApiAnswer } from '../../lib/api';

/**
 * The signed-in user as `GET /api/me` returns it; `pendingInvites` counts the
 * pending invitations to their e-mail address. Which company is active is
 * kept in the browser (useActiveCompany).
 */
export type Profile = ApiAnswer<'get', '/api/me'>;
