import { BarChart } from '@mantine/charts';
import type { WeekTrendPoint } from './weekTrendData';

/** Productive and idle shares of each weekday's tracked time as stacked columns on a 0–100 axis (core §2, §9). */
export function ProductivityChart({ data }: { data: WeekTrendPoint[] }) {
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="weekday"
      type="stacked"
      series={[
        { name: 'productivePercent', label: 'Productive', color: 'teal.6' },
        { name: 'idlePercent', label: 'Idle', color: 'orange.4' },
      ]}
      valueFormatter={(percent) => `${percent}%`}
      yAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 75, 100], width: 44 }}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 30 }}
      maxBarWidth={36}
      role="img"
      aria-label="Productive and idle percent per weekday"
    />
  );
}
