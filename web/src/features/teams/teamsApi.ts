import { api } from '../../lib/api';
import type { CommandAnswer } from './CommandAnswer';
import type { Team } from './Team';

const teamsPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/teams`;
const teamPath = (companyId: string, teamId: string) => `${teamsPath(companyId)}/${encodeURIComponent(teamId)}`;

/** The team calls of the organisation API (docs/organisation-api.md). */
export const teamsApi = {
  list: (companyId: string) => api.get<Team[]>(teamsPath(companyId)),
  create: (companyId: string, body: { name: string; memberIds: string[] }) =>
    api.post<CommandAnswer & { teamId: string }>(teamsPath(companyId), body),
  rename: (companyId: string, teamId: string, name: string) =>
    api.patch<CommandAnswer>(teamPath(companyId, teamId), { name }),
  remove: (companyId: string, teamId: string) => api.delete<CommandAnswer>(teamPath(companyId, teamId)),
  removeMember: (companyId: string, teamId: string, userId: string) =>
    api.delete<CommandAnswer>(`${teamPath(companyId, teamId)}/members/${encodeURIComponent(userId)}`),
};
