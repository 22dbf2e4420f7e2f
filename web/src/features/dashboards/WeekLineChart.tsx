import { LineChart } from '@mantine/charts';
import { formatDuration } from '../../shared/format/formatDuration';
import { durationAxis } from '../../shared/charts/durationAxis';
import { hoursToMinutes, type WeekTrendPoint } from '../../shared/dashboards/weekTrendData';

interface WeekLineChartProps {
  data: WeekTrendPoint[];
  series: 'trackedHours' | 'idleHours';
  label: string;
  color: string;
}

/** Hours per weekday, in the order the range's days run (oldest first), as a line (core §2 trends). */
export function WeekLineChart({ data, series, label, color }: WeekLineChartProps) {
  // The figures are whole minutes: ticks are too.
  const axis = durationAxis(Math.max(0, ...data.map((point) => point[series])), { unitSeconds: 3600, minStepSeconds: 60 });
  return (
    <LineChart
      h={220}
      data={data}
      dataKey="weekday"
      series={[{ name: series, label, color }]}
      curveType="monotone"
      valueFormatter={(hours) => formatDuration(hoursToMinutes(hours))}
      yAxisProps={{ ...axis, width: 56 }}
      role="img"
      aria-label={`${label} per weekday`}
    />
  );
}
