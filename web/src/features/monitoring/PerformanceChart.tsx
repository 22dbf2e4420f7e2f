import { BarChart } from '@mantine/charts';
import { formatDuration } from '../../shared/format/formatDuration';
import { durationAxis } from '../../shared/charts/durationAxis';
import { nameTick } from '../../shared/charts/NameTick';
import { hoursToMinutes } from '../../shared/dashboards/weekTrendData';
import type { PerformanceDashboard } from './performanceApi';

const BAR_ROW = 36;
const NAME_AXIS_WIDTH = 130;
const PersonTick = nameTick(NAME_AXIS_WIDTH);

/** Each person's work hours as one bar: the API's productive, unproductive and idle minutes stacked, in hours on the chart's scale. */
export function PerformanceChart({ data }: { data: PerformanceDashboard }) {
  const rows = data.people.map((person) => ({
    name: person.name,
    productive: person.productiveMinutes / 60,
    unproductive: person.unproductiveMinutes / 60,
    idle: person.idleMinutes / 60,
  }));
  const longest = Math.max(0, ...rows.map((row) => row.productive + row.unproductive + row.idle));
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
      xAxisProps={durationAxis(longest, { unitSeconds: 3600, minStepSeconds: 60 })}
      yAxisProps={{ width: NAME_AXIS_WIDTH, tick: PersonTick }}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 30 }}
      maxBarWidth={24}
      role="img"
      aria-label="Productive, unproductive and idle hours per person"
    />
  );
}
