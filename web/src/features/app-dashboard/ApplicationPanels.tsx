import { SimpleGrid } from '@mantine/core';
import { DashboardPanel } from '../../shared/dashboards/DashboardPanel';
import { ApplicationsChart } from './ApplicationsChart';
import { ApplicationsTable } from './ApplicationsTable';
import type { ApplicationTime } from './ApplicationTime';

const noUsage = 'No application usage on this day';

/** The per-application table and chart, side by side on wide screens. */
export function ApplicationPanels({ data }: { data: { applications: ApplicationTime[] } | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <DashboardPanel title="Applications" data={data} emptyText={(data) => (data.applications.length ? null : noUsage)}>
        {(data) => <ApplicationsTable applications={data.applications} />}
      </DashboardPanel>
      <DashboardPanel title="Time per Application" data={data} emptyText={(data) => (data.applications.some((app) => app.activeMs > 0) ? null : noUsage)}>
        {(data) => <ApplicationsChart applications={data.applications} />}
      </DashboardPanel>
    </SimpleGrid>
  );
}
