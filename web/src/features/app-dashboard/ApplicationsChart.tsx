import { BarChart } from '@mantine/charts';
import { APP_CATEGORIES } from '../../../../domain/app-usage/choices.ts';
import { applicationChartData } from './applicationChartData';
import type { ApplicationTime } from './ApplicationTime';
import { CATEGORY_LOOK } from '../../shared/app-dashboard/categoryColors';
import { formatHms } from './formatHms';

/** An axis tick: seconds under a minute, else minutes. */
const axisLabel = (minutes: number) => (minutes < 1 ? `${Math.round(minutes * 60)}s` : `${Number(minutes.toFixed(1))}m`);

/** The most used applications as bars of minutes, coloured by category. */
export function ApplicationsChart({ applications }: { applications: readonly ApplicationTime[] }) {
  const data = applicationChartData(applications);
  return (
    <BarChart
      h={Math.max(160, data.length * 34 + 60)}
      data={data}
      dataKey="application"
      orientation="vertical"
      type="stacked"
      series={APP_CATEGORIES.map((category) => ({ name: category, label: CATEGORY_LOOK[category].label, color: `${CATEGORY_LOOK[category].color}.6` }))}
      valueFormatter={(minutes) => formatHms(minutes * 60_000)}
      xAxisProps={{ tickFormatter: axisLabel }}
      yAxisProps={{ width: 120 }}
      tooltipProps={{ filterNull: true }}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 30 }}
      maxBarWidth={22}
      role="img"
      aria-label="Minutes per application, by category"
    />
  );
}
