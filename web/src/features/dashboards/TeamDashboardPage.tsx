import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { DashboardPanel } from '../../shared/dashboards/DashboardPanel';
import { dashboardQueries } from '../../shared/dashboards/dashboardQueries';
import type { RangeSearch } from '../../shared/dashboards/dashboardSearch';
import { formatRange } from '../../shared/format/formatRange';
import { HoursBars } from './HoursBars';
import { percentLabel } from '../../shared/format/percentLabel';
import { ProductivityChart } from './ProductivityChart';
import { RangeProblemAlert } from '../../shared/dashboards/RangeProblemAlert';
import { ShareGauges } from './ShareGauges';
import { TimeCards } from './TimeCards';
import { TopProjectsTable } from './TopProjectsTable';
import { UntrackedList } from './UntrackedList';
import { useDashboardTeam } from '../../shared/dashboards/useDashboardTeam';
import { useToday } from '../../shared/dashboards/useToday';
import { viewedRange } from '../../shared/dashboards/viewedRange';
import { WeekLineChart } from './WeekLineChart';
import { weekTrendData } from '../../shared/dashboards/weekTrendData';
import { PageTitle } from '../../shared/ui/PageTitle';

/** Top lists show 4 users and 5 projects; expanded, the projects table shows up to 50 rows (core §9). */
const TOP_PROJECTS = 5;
const noTime = 'No time tracked in this range';

/** /dashboard-team and /team-dashboard (core §2): where the team's time went over the range of the top bar. */
export function TeamDashboardPage({ search }: { search: RangeSearch & { team?: string } }) {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title="Team Dashboard" />;
  return <TeamDashboardOfCompany company={company} search={search} />;
}

function TeamDashboardOfCompany({ company, search }: { company: CompanySummary; search: RangeSearch & { team?: string } }) {
  const viewed = viewedRange(search, useToday());
  const team = useDashboardTeam(company, search.team);
  const dashboard = useQuery({
    ...dashboardQueries.team(company.companyId, team.status === 'success' ? team.teamId : null, viewed.range),
    enabled: team.status === 'success' && viewed.problem === null,
  });
  const [allProjects, setAllProjects] = useState(false);

  const error = team.status === 'error' ? team.error : dashboard.error;
  const data = dashboard.data;
  const teamName = team.status !== 'success' ? null : (team.choices.find((choice) => choice.teamId === team.teamId)?.teamName ?? 'All teams');

  return (
    <Stack gap="lg">
      <div>
        <PageTitle>Team Dashboard</PageTitle>
        <Text c="dimmed" size="sm">
          {teamName ? `${teamName} · ` : ''}
          {viewed.problem ? 'No range' : formatRange(viewed.range)}
        </Text>
      </div>

      {viewed.problem ? (
        <RangeProblemAlert problem={viewed.problem} />
      ) : error ? (
        <LoadFailedAlert error={error} />
      ) : (
        <>
          <SimpleGrid cols={data?.totals.usageSeen ? { base: 1, xs: 2, lg: 4 } : { base: 1, sm: 3 }}>
            <TimeCards
              totals={data?.totals}
              titles={{ tracked: 'Total Time Tracked', idle: 'Total Idle Time', productive: 'Total Productive Time', unproductive: 'Total Unproductive Time' }}
            />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <DashboardPanel
              title="Top Projects"
              data={data}
              emptyText={(data) => (data.topProjects.length ? null : 'No time tracked on projects in this range')}
              action={(data) =>
                data.topProjects.length > TOP_PROJECTS && (
                  <Button size="compact-sm" variant="subtle" onClick={() => setAllProjects((shown) => !shown)}>
                    {allProjects ? 'Show top 5' : `Show all ${data.topProjects.length}`}
                  </Button>
                )
              }
            >
              {(data) => <TopProjectsTable projects={allProjects ? data.topProjects : data.topProjects.slice(0, TOP_PROJECTS)} />}
            </DashboardPanel>
            <DashboardPanel title="Haven't tracked time yet" data={data} emptyText={(data) => (data.untracked.length ? null : 'No Users')}>
              {(data) => <UntrackedList people={data.untracked} />}
            </DashboardPanel>
          </SimpleGrid>

          <Title order={2} size="h3">
            Trends
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <DashboardPanel title="Hours Tracked" data={data} emptyText={(data) => (data.totals.trackedMinutes ? null : noTime)}>
              {(data) => <WeekLineChart data={weekTrendData(data.trend, data.range)} series="trackedHours" label="Hours tracked" color="teal.6" />}
            </DashboardPanel>
            <DashboardPanel title="Productivity" data={data} emptyText={(data) => (data.totals.trackedMinutes ? null : noTime)}>
              {(data) => <ProductivityChart data={weekTrendData(data.trend, data.range)} usageSeen={data.totals.usageSeen} />}
            </DashboardPanel>
          </SimpleGrid>

          <Title order={2} size="h3">
            Top Users
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <DashboardPanel title="Highest % Productive" data={data} height={150} emptyText={(data) => (data.topUsers.mostProductive.length ? null : noTime)}>
              {(data) => <ShareGauges people={data.topUsers.mostProductive} color="teal.6" label={percentLabel} />}
            </DashboardPanel>
            <DashboardPanel title="Highest % Unproductive" data={data} height={150} emptyText={(data) => (data.topUsers.mostUnproductive.length ? null : noTime)}>
              {(data) => <ShareGauges people={data.topUsers.mostUnproductive} color="orange.5" label={(percent) => `${percent}%`} />}
            </DashboardPanel>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <DashboardPanel title="Most Hours Worked" data={data} height={150} emptyText={(data) => (data.topUsers.mostHours.length ? null : noTime)}>
              {(data) => <HoursBars people={data.topUsers.mostHours.map((person) => ({ ...person, minutes: person.trackedMinutes }))} color="teal" />}
            </DashboardPanel>
            <DashboardPanel title="Least Hours Worked" data={data} height={150} emptyText={(data) => (data.topUsers.leastHours.length ? null : noTime)}>
              {(data) => <HoursBars people={data.topUsers.leastHours.map((person) => ({ ...person, minutes: person.trackedMinutes }))} color="blue" />}
            </DashboardPanel>
            <DashboardPanel title="Highest Idle Hours" data={data} height={150} emptyText={(data) => (data.topUsers.mostIdle.length ? null : noTime)}>
              {(data) => <HoursBars people={data.topUsers.mostIdle.map((person) => ({ ...person, minutes: person.idleMinutes }))} color="orange" />}
            </DashboardPanel>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
