import { api } from '../../lib/api';
import type { CommandAnswer } from '../teams/CommandAnswer';
import type { Member, MemberFilter } from './Member';

const membersPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/members`;
const memberPath = (companyId: string, userId: string) => `${membersPath(companyId)}/${encodeURIComponent(userId)}`;

function memberQuery({ accessLevel, teamId, search, page, pageSize }: MemberFilter): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (accessLevel) query.set('accessLevel', accessLevel);
  if (teamId) query.set('teamId', teamId);
  if (search.trim()) query.set('search', search.trim());
  return query.toString();
}

export interface MemberChanges {
  name: string;
  teamIds: string[];
  hourlyRate: string | null;
}

/** The member calls of the organisation API (docs/organisation-api.md). */
export const membersApi = {
  list: (companyId: string, filter: MemberFilter) =>
    api.get<{ members: Member[]; total: number }>(`${membersPath(companyId)}?${memberQuery(filter)}`),
  edit: (companyId: string, userId: string, changes: MemberChanges) =>
    api.patch<CommandAnswer>(memberPath(companyId, userId), changes),
  remove: (companyId: string, userId: string) => api.delete<CommandAnswer>(memberPath(companyId, userId)),
};
