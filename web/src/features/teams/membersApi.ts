import { api, type ApiBody } from '../../lib/api';
import type { MemberFilter } from './Member';

export type MemberChanges = ApiBody<'patch', '/api/companies/{companyId}/members/{userId}'>;

const memberQuery = ({ accessLevel, teamId, search, page, pageSize }: MemberFilter) => ({
  page,
  pageSize,
  accessLevel: accessLevel ?? undefined,
  teamId: teamId ?? undefined,
  search: search.trim() || undefined,
});

/** The member calls of the organisation API (api/organisation/member-routes.ts). */
export const membersApi = {
  list: (companyId: string, filter: MemberFilter) =>
    api.get('/api/companies/{companyId}/members', { path: { companyId }, query: memberQuery(filter) }),
  edit: (companyId: string, userId: string, changes: MemberChanges) =>
    api.patch('/api/companies/{companyId}/members/{userId}', { path: { companyId, userId }, body: changes }),
  remove: (companyId: string, userId: string) => api.delete('/api/companies/{companyId}/members/{userId}', { path: { companyId, userId } }),
};
