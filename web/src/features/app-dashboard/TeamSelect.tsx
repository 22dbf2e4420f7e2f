import { Select } from '@mantine/core';
import type { DashboardTeamState } from '../dashboards/useDashboardTeam';

const ALL_TEAMS = 'all';

/** The team shown, as the team dashboard picks it: 'All teams' for Admins, else one of the teams the viewer manages. */
export function TeamSelect({ team, onPick }: { team: DashboardTeamState; onPick: (teamId: string | undefined) => void }) {
  const ready = team.status === 'success';
  const data = ready ? [...(team.offersAllTeams ? [{ value: ALL_TEAMS, label: 'All teams' }] : []), ...team.choices.map((choice) => ({ value: choice.teamId, label: choice.teamName }))] : [];
  return (
    <Select
      label="Team"
      placeholder={team.status === 'pending' ? 'Loading teams…' : 'No team to show'}
      data={data}
      value={ready && data.length > 0 ? (team.teamId ?? ALL_TEAMS) : null}
      onChange={(value) => value && onPick(value === ALL_TEAMS ? undefined : value)}
      allowDeselect={false}
      disabled={!ready || data.length < 2}
      error={team.status === 'error' ? 'The teams could not be loaded.' : undefined}
      w={{ base: '100%', xs: 220 }}
    />
  );
}
