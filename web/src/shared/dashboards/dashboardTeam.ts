import { seesCompany } from '../../../../domain/members/read-rights.ts';
import type { Role } from '../access/Role';

export interface TeamChoice {
  teamId: string;
  teamName: string;
}

export interface DashboardTeam {
  /** The teams the viewer may open the team dashboard of. */
  choices: TeamChoice[];
  /** The picker offers 'All teams' (Admins: the whole company). */
  offersAllTeams: boolean;
  /** The team shown, or null for all teams. */
  teamId: string | null;
}

/**
 * The team a team dashboard shows: the one the URL names when the viewer
 * manages it; else all teams for an Admin; else the viewer's active team when
 * they manage it, or the first team they manage.
 */
export function dashboardTeam(managed: TeamChoice[], role: Role, wanted: string | undefined, activeTeamId: string | null): DashboardTeam {
  const offersAllTeams = seesCompany(role, 'people');
  const manages = (teamId: string | null | undefined) => managed.some((team) => team.teamId === teamId);
  const teamId = manages(wanted) ? wanted! : offersAllTeams ? null : manages(activeTeamId) ? activeTeamId : (managed[0]?.teamId ?? null);
  return { choices: managed, offersAllTeams, teamId };
}

/** The picker's value for 'All teams'. */
const ALL_TEAMS = 'all';

/** The team picker's options: 'All teams' first when offered, then the viewer's teams. */
export function teamOptions(team: DashboardTeam): { value: string; label: string }[] {
  return [...(team.offersAllTeams ? [{ value: ALL_TEAMS, label: 'All teams' }] : []), ...team.choices.map((choice) => ({ value: choice.teamId, label: choice.teamName }))];
}

/** The picker's value of the team shown. */
export const teamOption = (team: DashboardTeam): string => team.teamId ?? ALL_TEAMS;

/** The team a picked option names: undefined for 'All teams'. */
export const pickedTeam = (value: string): string | undefined => (value === ALL_TEAMS ? undefined : value);

/** The name of the team shown: 'All teams' when it shows them all. */
export const shownTeamName = (team: DashboardTeam): string => team.choices.find((choice) => choice.teamId === team.teamId)?.teamName ?? 'All teams';
