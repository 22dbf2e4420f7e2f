import { BarChart } from '@mantine/charts';
import { formatDuration } from '../../shared/format/formatDuration';
import { formatShortDuration } from '../../shared/format/formatShortDuration';
import { hoursToMinutes } from '../../shared/dashboards/weekTrendData';
import type { PerformanceDashboard } from './performanceApi';

const BAR_ROW = 36;

/** Each person's work hours as one bar: the API's productive, unproductive and idle minutes stacked, in hours on the chart's scale. */
export function PerformanceChart({ data }: { data: PerformanceDashboard }) {
  const rows = data.people.map((person) => ({
    name: person.name,
    productive: person.productiveMinutes / 60,
    unproductive: person.unproductiveMinutes / 60,
    idle: person.idleMinutes / 60,
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
      valueFormatter={(hours) => formatDuration(hoursToMinutes(hours))}
      xAxisProps={{ tickFormatter: (hours: number) => formatShortDuration(hoursToMinutes(hours)) }}
      yAxisProps={{ width: 130 }}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 30 }}
      maxBarWidth={24}
      role="img"
      aria-label="Productive, unproductive and idle hours per person"
    />
  );
}
