import { BarChart } from '@mantine/charts';
import { APP_CATEGORIES } from '../../../../domain/app-usage/choices.ts';
import { applicationChartData } from './applicationChartData';
import type { ApplicationTime } from './ApplicationTime';
import { CATEGORY_LOOK } from '../../shared/app-dashboard/categoryColors';
import { formatHms } from './formatHms';
import { durationAxis } from '../../shared/charts/durationAxis';
import { nameTick } from '../../shared/charts/NameTick';

const NAME_AXIS_WIDTH = 120;
const ApplicationTick = nameTick(NAME_AXIS_WIDTH);

/** The most used applications as bars of minutes, coloured by category. */
export function ApplicationsChart({ applications }: { applications: readonly ApplicationTime[] }) {
  const data = applicationChartData(applications);
  const longest = Math.max(0, ...data.map((row) => APP_CATEGORIES.reduce((minutes, category) => minutes + (row[category] ?? 0), 0)));
  return (
    <BarChart
      h={Math.max(160, data.length * 34 + 60)}
      data={data}
      dataKey="application"
      orientation="vertical"
      type="stacked"
      series={APP_CATEGORIES.map((category) => ({ name: category, label: CATEGORY_LOOK[category].label, color: `${CATEGORY_LOOK[category].color}.6` }))}
      valueFormatter={(minutes) => formatHms(minutes * 60_000)}
      xAxisProps={durationAxis(longest, { unitSeconds: 60 })}
      yAxisProps={{ width: NAME_AXIS_WIDTH, tick: ApplicationTick }}
      tooltipProps={{ filterNull: true }}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 30 }}
      maxBarWidth={22}
      role="img"
      aria-label="Minutes per application, by category"
    />
  );
}
