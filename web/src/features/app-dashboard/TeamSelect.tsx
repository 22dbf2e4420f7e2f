import { Select } from '@mantine/core';
import { pickedTeam, teamOption, teamOptions } from '../../shared/dashboards/dashboardTeam';
import type { DashboardTeamState } from '../../shared/dashboards/useDashboardTeam';

/** The team shown, as a labelled field that says when the teams load or fail: 'All teams' for Admins, else one of the teams the viewer manages. */
export function TeamSelect({ team, onPick }: { team: DashboardTeamState; onPick: (teamId: string | undefined) => void }) {
  const data = team.status === 'success' ? teamOptions(team) : [];
  return (
    <Select
      label="Team"
      placeholder={team.status === 'pending' ? 'Loading teams…' : 'No team to show'}
      data={data}
      value={team.status === 'success' && data.length > 0 ? teamOption(team) : null}
      onChange={(value) => value && onPick(pickedTeam(value))}
      allowDeselect={false}
      disabled={data.length < 2}
      error={team.status === 'error' ? 'The teams could not be loaded.' : undefined}
      w={{ base: '100%', xs: 220 }}
    />
  );
}
