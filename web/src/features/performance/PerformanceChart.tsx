import { BarChart } from '@mantine/charts';
import { formatDuration } from '../dashboards/formatDuration';
import { formatShortDuration } from '../dashboards/formatShortDuration';
import type { PerformanceDashboard } from './performanceApi';

const HOUR = 3_600_000;
const hours = (ms: number) => Math.round((ms / HOUR) * 100) / 100;
const BAR_ROW = 36;

/** Each person's work hours as one bar: productive, unproductive and idle stacked. */
export function PerformanceChart({ data }: { data: PerformanceDashboard }) {
  const rows = data.people.map((person) => ({
    name: person.name,
    productive: hours(person.productiveMs),
    unproductive: hours(person.unproductiveMs),
    idle: hours(person.idleMs),
  }));
  return (
    <BarChart
      h={Math.max(160, rows.length * BAR_ROW + 60)}
      data={rows}
      dataKey="name"
      type="stacked"
      orientation="vertical"
      series={[
        { name: 'productive', label: 'Productive', color: 'teal.6' },
        { name: 'unproductive', label: 'Unproductive', color: 'red.6' },
        { name: 'idle', label: 'Idle', color: 'orange.4' },
      ]}
      valueFormatter={(value) => formatDuration(value * HOUR)}
      xAxisProps={{ tickFormatter: (value: number) => formatShortDuration(value * HOUR) }}
      yAxisProps={{ width: 130 }}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 30 }}
      maxBarWidth={24}
      role="img"
      aria-label="Productive, unproductive and idle hours per person"
    />
  );
}
