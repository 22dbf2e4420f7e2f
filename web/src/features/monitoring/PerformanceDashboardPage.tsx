import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { type DayRange, presetRange, RANGE_LABELS, RANGE_PRESETS } from '../../../../domain/dashboards/range.ts';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { DashboardPanel } from '../../shared/dashboards/DashboardPanel';
import { shownTeamName } from '../../shared/dashboards/dashboardTeam';
import { DateRangeInput } from '../../shared/dashboards/DateRangeInput';
import { formatRange } from '../../shared/format/formatRange';
import { RangeProblemAlert } from '../../shared/dashboards/RangeProblemAlert';
import { TeamPicker } from '../../shared/dashboards/TeamPicker';
import { useDashboardTeam } from '../../shared/dashboards/useDashboardTeam';
import { useToday } from '../../shared/dashboards/useToday';
import { viewedRange } from '../../shared/dashboards/viewedRange';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { PageTitle } from '../../shared/ui/PageTitle';
import type { PerformancePerson } from './performanceApi';
import { PerformanceCards } from './PerformanceCards';
import { PerformanceChart } from './PerformanceChart';
import { performanceQuery } from './performanceQuery';
import type { PerformanceSearch } from './performanceSearch';
import { PerformanceTable } from './PerformanceTable';
import { RequestMonitoringModal } from './RequestMonitoringModal';

/** The dashboards' ranges (today, yesterday, last week, last 30 days), offered beside the calendar. */
const rangePresets = (today: string) =>
  RANGE_PRESETS.map((preset) => {
    const days = presetRange(preset, today);
    return { value: [days.from, days.to] as [string, string], label: RANGE_LABELS[preset] };
  });

const PAGE = '/v2/performance-dashboard';

/**
 * /v2/performance-dashboard (management §2): work, productive, idle and
 * unproductive hours and utilization per person and for the team over a
 * range, and 'Request Monitoring' for those the desktop agent has not
 * reported on.
 */
export function PerformanceDashboardPage({ search }: { search: PerformanceSearch }) {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title="Performance Dashboard" />;
  return <PerformanceOfCompany company={company} search={search} />;
}

function PerformanceOfCompany({ company, search }: { company: CompanySummary; search: PerformanceSearch }) {
  const navigate = useNavigate();
  const today = useToday();
  const viewed = viewedRange(search, today);
  const team = useDashboardTeam(company, search.team);
  const dashboard = useQuery({
    ...performanceQuery(company.companyId, team.status === 'success' ? team.teamId : null, viewed.range),
    enabled: team.status === 'success' && viewed.problem === null,
  });
  const [asking, setAsking] = useState<PerformancePerson | null>(null);

  const error = team.status === 'error' ? team.error : dashboard.error;
  const data = dashboard.data;
  const teamName = team.status !== 'success' ? null : shownTeamName(team);
  const pickTeam = (teamId: string | undefined) => void navigate({ to: PAGE, search: (previous) => ({ ...previous, team: teamId }) });
  const pickRange = ({ from, to }: DayRange) => void navigate({ to: PAGE, search: (previous) => ({ ...previous, range: undefined, from, to }) });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <PageTitle>Performance Dashboard</PageTitle>
          <Text c="dimmed" size="sm">
            {teamName ? `${teamName} · ` : ''}
            {viewed.problem ? 'No range' : formatRange(viewed.range)}
          </Text>
        </div>
        <Group gap="sm">
          {team.status === 'success' && <TeamPicker team={team} onPick={pickTeam} size="sm" width={200} />}
          <DateRangeInput range={viewed.problem ? null : viewed.range} today={today} onPick={pickRange} presets={rangePresets(today)} />
        </Group>
      </Group>

      {viewed.problem ? (
        <RangeProblemAlert problem={viewed.problem} />
      ) : error ? (
        <LoadFailedAlert error={error} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }}>
            <PerformanceCards data={data} />
          </SimpleGrid>
          <DashboardPanel title="Hours per Person" data={data} height={160} emptyText={(data) => (data.people.length === 0 ? noPeople : data.totals.trackedMinutes ? null : noTime)}>
            {(data) => <PerformanceChart data={data} />}
          </DashboardPanel>
          <DashboardPanel title="People" data={data} height={160} emptyText={(data) => (data.people.length ? null : noPeople)}>
            {(data) => <PerformanceTable people={data.people} onRequestMonitoring={setAsking} />}
          </DashboardPanel>
        </>
      )}
      <RequestMonitoringModal companyId={company.companyId} person={asking} onClose={() => setAsking(null)} />
    </Stack>
  );
}

const noTime = 'No time tracked in this range';
const noPeople = 'No people in this team yet';
