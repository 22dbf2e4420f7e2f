import { useQuery } from '@tanstack/react-query';
import { useProfile } from '../identity/useProfile';
import type { CompanySummary } from '../company/CompanySummary';
import { useActiveTeam } from '../company/useActiveTeam';
import { managedTeams } from '../teams/managedTeams';
import { teamsQueryOptions } from '../teams/teamsQueryOptions';
import { type DashboardTeam, dashboardTeam } from './dashboardTeam';

export type DashboardTeamState = { status: 'pending' } | { status: 'error'; error: unknown } | ({ status: 'success' } & DashboardTeam);

/** The team the team dashboard shows and the picker's choices, once the company's teams are known. */
export function useDashboardTeam(company: CompanySummary, wanted: string | undefined): DashboardTeamState {
  const profile = useProfile();
  const { activeTeam } = useActiveTeam();
  const teams = useQuery(teamsQueryOptions(company.companyId));
  if (teams.isError) return { status: 'error', error: teams.error };
  if (teams.isPending) return { status: 'pending' };
  const managed = managedTeams(teams.data, company.role, profile.id).map(({ teamId, teamName }) => ({ teamId, teamName }));
  return { status: 'success', ...dashboardTeam(managed, company.role, wanted, activeTeam?.teamId ?? null) };
}
