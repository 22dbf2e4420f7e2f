import { LineChart } from '@mantine/charts';
import { formatDuration } from '../../shared/format/formatDuration';
import { formatShortDuration } from '../../shared/format/formatShortDuration';
import { hoursToMinutes, type WeekTrendPoint } from '../../shared/dashboards/weekTrendData';

interface WeekLineChartProps {
  data: WeekTrendPoint[];
  series: 'trackedHours' | 'idleHours';
  label: string;
  color: string;
}

/** Hours per weekday, Monday to Sunday, as a line (core §2 trends). */
export function WeekLineChart({ data, series, label, color }: WeekLineChartProps) {
  return (
    <LineChart
      h={220}
      data={data}
      dataKey="weekday"
      series={[{ name: series, label, color }]}
      curveType="monotone"
      valueFormatter={(hours) => formatDuration(hoursToMinutes(hours))}
      yAxisProps={{ tickFormatter: (hours: number) => formatShortDuration(hoursToMinutes(hours)), width: 56 }}
      role="img"
      aria-label={`${label} per weekday`}
    />
  );
}
