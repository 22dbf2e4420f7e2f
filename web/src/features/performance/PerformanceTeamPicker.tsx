import { Select } from '@mantine/core';
import type { DashboardTeam } from '../dashboards/dashboardTeam';

const ALL_TEAMS = 'all';

/** The team shown, among those the viewer manages ('All teams' for an Admin); nothing to pick with one team. */
export function PerformanceTeamPicker({ team, onPick }: { team: DashboardTeam; onPick: (teamId: string | undefined) => void }) {
  const data = [...(team.offersAllTeams ? [{ value: ALL_TEAMS, label: 'All teams' }] : []), ...team.choices.map((choice) => ({ value: choice.teamId, label: choice.teamName }))];
  if (data.length < 2) return null;
  return (
    <Select
      aria-label="Team"
      size="sm"
      w={200}
      data={data}
      value={team.teamId ?? ALL_TEAMS}
      onChange={(value) => value && onPick(value === ALL_TEAMS ? undefined : value)}
      allowDeselect={false}
    />
  );
}
