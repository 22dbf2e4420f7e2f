import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { rangeDays } from '../../../../domain/dashboards/range.ts';
import { seesOthers } from '../../../../domain/members/read-rights.ts';
import { useProfile } from '../../shared/identity/useProfile';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { DashboardPanel } from '../../shared/dashboards/DashboardPanel';
import { dashboardQueries } from '../../shared/dashboards/dashboardQueries';
import type { RangeSearch } from '../../shared/dashboards/dashboardSearch';
import { DayDetailModal } from '../../shared/dashboards/DayDetailModal';
import { DaysTable } from './DaysTable';
import { formatDollars } from '../../shared/format/formatDollars';
import { formatRange } from '../../shared/format/formatRange';
import { MemberPicker } from '../../shared/dashboards/MemberPicker';
import { ProductivityChart } from './ProductivityChart';
import { RangeProblemAlert } from '../../shared/dashboards/RangeProblemAlert';
import { StatCard } from '../../shared/dashboards/StatCard';
import { TimeCards } from './TimeCards';
import { timelineRows } from './timelineRows';
import { useToday } from '../../shared/dashboards/useToday';
import { viewedRange } from '../../shared/dashboards/viewedRange';
import { WeekLineChart } from './WeekLineChart';
import { weekTrendData } from '../../shared/dashboards/weekTrendData';
import { WorkTimeline } from './WorkTimeline';
import { PageTitle } from '../../shared/ui/PageTitle';
import { ScreenshotsButton } from '../../shared/screenshots/ScreenshotsButton';
import { TimesheetStatusBadge } from '../../shared/timesheets/TimesheetStatusBadge';
import { formatBalance, workingTimeQueries } from '../../shared/working-time/workingTimeApi';
import { formatDay } from '../../shared/format/formatDay';
import { mayOpenPage } from '../../../../domain/members/page-access.ts';

type IndividualSearch = RangeSearch & { user?: string; screenshots?: string };

const noTime = 'No time tracked in this range';

/** /dashboard-individual (core §2): one person's time over the range of the top bar; the viewer's own by default. */
export function IndividualDashboardPage({ search }: { search: IndividualSearch }) {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title="User Dashboard" />;
  return <IndividualDashboardOfCompany company={company} search={search} />;
}

function IndividualDashboardOfCompany({ company, search }: { company: CompanySummary; search: IndividualSearch }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const viewed = viewedRange(search, useToday());
  const userId = search.user ?? profile.id;
  const dashboard = useQuery({ ...dashboardQueries.individual(company.companyId, userId, viewed.range), enabled: viewed.problem === null });
  // The working-time balance of whom the viewer may open Working Time for: the same figure as that page's.
  const showsBalance = mayOpenPage(company.role, '/working-time');
  const account = useQuery({ ...workingTimeQueries.person(company.companyId, userId, undefined), enabled: showsBalance });
  const [openDay, setOpenDay] = useState<string | null>(null);
  const data = dashboard.data;

  const pickMember = (user: string) => void navigate({ to: '/dashboard-individual', search: (previous) => ({ ...previous, user }) });
  // A link to a day's screenshots (the time-log spreadsheet's) opens the gallery on it; closed, the link is spent.
  const closeScreenshots = () => void navigate({ to: '/dashboard-individual', search: (previous) => ({ ...previous, screenshots: undefined }), replace: true });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <PageTitle>User Dashboard</PageTitle>
          <Group gap="xs">
            <Text c="dimmed" size="sm">
              {data ? `${data.person.name} · ` : ''}
              {viewed.problem ? 'No range' : formatRange(viewed.range)}
            </Text>
            {data?.person.timesheet && (
              <Group gap={4} wrap="nowrap">
                <Text c="dimmed" size="sm">
                  Timesheets:
                </Text>
                <TimesheetStatusBadge status={data.person.timesheet} size="xs" />
              </Group>
            )}
          </Group>
        </div>
        <Group align="flex-end">
          {!viewed.problem && (
            <ScreenshotsButton
              companyId={company.companyId}
              userId={userId}
              personName={data?.person.name}
              range={viewed.range}
              day={search.screenshots}
              onCloseDay={closeScreenshots}
            />
          )}
          {seesOthers(company.role, 'people') && <MemberPicker companyId={company.companyId} selfId={profile.id} userId={userId} onPick={pickMember} />}
        </Group>
      </Group>

      {viewed.problem ? (
        <RangeProblemAlert problem={viewed.problem} />
      ) : dashboard.isError ? (
        <LoadFailedAlert error={dashboard.error} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: (data?.totals.usageSeen ? 5 : 4) + (showsBalance ? 1 : 0) }}>
            <TimeCards totals={data?.totals} titles={{ tracked: 'Total Time Tracked', idle: 'Idle Time', productive: 'Productive Time', unproductive: 'Unproductive Time' }} />
            <StatCard
              title="Total Earnings"
              value={data && `$${formatDollars(data.totals.earningsCents)}`}
              caption={data && (data.totals.earningsCents ? 'At the rates in force when the time was tracked' : data.totals.trackedMinutes ? 'No hourly rate set' : noTime)}
            />
            {showsBalance && (
              <StatCard
                title="Balance"
                value={account.isError ? 'Not available' : account.data && formatBalance(account.data.balanceMinutes)}
                caption={account.data && `Worked less target up to ${formatDay(account.data.today)}, on Working Time`}
              />
            )}
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <DashboardPanel title="Hours Tracked" data={data} emptyText={(data) => (data.totals.trackedMinutes ? null : noTime)}>
              {(data) => <WeekLineChart data={weekTrendData(data.trend, data.range)} series="trackedHours" label="Hours tracked" color="teal.6" />}
            </DashboardPanel>
            <DashboardPanel title="Idle Time" data={data} emptyText={(data) => (data.totals.trackedMinutes ? null : noTime)}>
              {(data) => <WeekLineChart data={weekTrendData(data.trend, data.range)} series="idleHours" label="Idle time" color="orange.5" />}
            </DashboardPanel>
            <DashboardPanel title="Productivity" data={data} emptyText={(data) => (data.totals.trackedMinutes ? null : noTime)}>
              {(data) => <ProductivityChart data={weekTrendData(data.trend, data.range)} usageSeen={data.totals.usageSeen} />}
            </DashboardPanel>
          </SimpleGrid>

          <DashboardPanel title="Weekly Timeline" data={data} emptyText={(data) => (data.timeline.length ? null : noTime)}>
            {(data) => <WorkTimeline rows={timelineRows(rangeDays(data.range), data.timeline, data.person.timeZone)} timeZone={data.person.timeZone} />}
          </DashboardPanel>

          <DashboardPanel title="Daily Log" data={data}>
            {(data) => <DaysTable key={`${userId}-${data.range.from}-${data.range.to}`} days={data.days} timeZone={data.person.timeZone} onOpen={setOpenDay} />}
          </DashboardPanel>

          {data && <DayDetailModal companyId={company.companyId} userId={userId} day={openDay} personName={data.person.name} timeZone={data.person.timeZone} onClose={() => setOpenDay(null)} />}
        </>
      )}
    </Stack>
  );
}
