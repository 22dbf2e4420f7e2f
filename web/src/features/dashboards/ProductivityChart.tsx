import { BarChart } from '@mantine/charts';
import type { WeekTrendPoint } from '../../shared/dashboards/weekTrendData';

interface ProductivityChartProps {
  data: WeekTrendPoint[];
  /** The desktop agent saw application usage in the range: the unproductive part is shown too. */
  usageSeen: boolean;
}

/** The parts' shares of each weekday's tracked time as stacked columns on a 0–100 axis (core §2, §9); they add up to 100. */
export function ProductivityChart({ data, usageSeen }: ProductivityChartProps) {
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="weekday"
      type="stacked"
      series={[
        { name: 'productivePercent', label: 'Productive', color: 'teal.6' },
        ...(usageSeen ? [{ name: 'unproductivePercent', label: 'Unproductive', color: 'red.6' }] : []),
        { name: 'idlePercent', label: 'Idle', color: 'orange.4' },
      ]}
      valueFormatter={(percent) => `${percent}%`}
      yAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 75, 100], width: 44 }}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 30 }}
      maxBarWidth={36}
      role="img"
      aria-label={usageSeen ? 'Productive, unproductive and idle percent per weekday' : 'Productive and idle percent per weekday'}
    />
  );
}
