import { Select } from '@mantine/core';
import { type DashboardTeam, pickedTeam, teamOption, teamOptions } from './dashboardTeam';

/** The compact team picker of the dashboards' bars: nothing to pick with one team and no 'All teams'. */
export function TeamPicker({ team, onPick, size, width }: { team: DashboardTeam; onPick: (teamId: string | undefined) => void; size: 'xs' | 'sm'; width: number }) {
  const data = teamOptions(team);
  if (data.length < 2) return null;
  return (
    <Select
      aria-label="Team"
      size={size}
      w={width}
      data={data}
      value={teamOption(team)}
      onChange={(value) => value && onPick(pickedTeam(value))}
      allowDeselect={false}
      style={{ flexShrink: 0 }}
    />
  );
}
