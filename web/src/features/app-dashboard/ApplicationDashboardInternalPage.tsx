import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { rangeProblem } from '../../../../domain/dashboards/range.ts';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { browserTimeZone } from '../../shared/company/timeZoneOptions';
import { DashboardPanel } from '../../shared/dashboards/DashboardPanel';
import { shownTeamName } from '../../shared/dashboards/dashboardTeam';
import { formatDay } from '../../shared/format/formatDay';
import { useDashboardTeam } from '../../shared/dashboards/useDashboardTeam';
import { useToday } from '../../shared/dashboards/useToday';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { PageTitle } from '../../shared/ui/PageTitle';
import { AppDayCards } from './AppDayCards';
import { ApplicationPanels } from './ApplicationPanels';
import { appUsageQueries } from '../../shared/app-dashboard/appUsageQueries';
import { DayPicker, DayProblemAlert, RefreshButton } from './DayControls';
import { localDayNote } from './localDayNote';
import { PeopleDayTable } from './PeopleDayTable';
import { TeamSelect } from './TeamSelect';

const TITLE = 'Application Time Tracked Dashboard - Internal';

type Search = { team?: string; day?: string };

/** /application-dashboard-internal (management §2): the same day for a whole team, person by person. */
export function ApplicationDashboardInternalPage({ search }: { search: Search }) {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} />;
  return <InternalDashboardOfCompany company={company} search={search} />;
}

function InternalDashboardOfCompany({ company, search }: { company: CompanySummary; search: Search }) {
  const { companyId } = company;
  const navigate = useNavigate();
  const today = useToday();
  const team = useDashboardTeam(company, search.team);
  const teamId = team.status === 'success' ? team.teamId : null;
  // Without a day in the link, the team's latest day with data, not a today of rows of zeros.
  const opening = useQuery({ ...appUsageQueries.teamOpeningDay(companyId, teamId), enabled: team.status === 'success' && search.day === undefined });
  const day = search.day ?? opening.data?.day ?? null;
  const problem = day === null ? null : rangeProblem({ from: day, to: day });
  const dashboard = useQuery({ ...appUsageQueries.team(companyId, teamId, day ?? ''), enabled: team.status === 'success' && day !== null && problem === null });
  const data = dashboard.data;
  const error = team.status === 'error' ? team.error : (opening.error ?? dashboard.error);
  // Only the people with something that day: the others' rows say nothing of whose day it is.
  const zoneNote = data ? localDayNote(data.people.filter((p) => p.trackedMinutes > 0 || p.punchIn !== null).map((p) => p.timeZone), browserTimeZone()) : null;
  const teamName = team.status !== 'success' ? null : shownTeamName(team);
  // The team's first punch in and last punch out, in the zone of whoever made them.
  const zoneOf = (at: string | null | undefined) => data?.people.find((p) => p.punchIn === at || p.punchOut === at)?.timeZone ?? data?.people[0]?.timeZone;

  const show = (change: Search) => void navigate({ to: '/application-dashboard-internal', search: (previous) => ({ ...previous, ...change }) });

  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{TITLE}</PageTitle>
        <Text c="dimmed" size="sm">
          {teamName ? `${teamName} · ` : ''}
          {problem ? 'No day' : day ? formatDay(day) : 'Finding the latest day with data…'}
          {zoneNote ? ` (${zoneNote})` : ''}
        </Text>
      </div>
      <Group align="flex-end" gap="sm">
        <TeamSelect team={team} onPick={(picked) => show({ team: picked })} />
        <DayPicker day={day} latest={day !== null && day > today ? day : today} onPick={(picked) => show({ day: picked })} />
        <RefreshButton companyId={companyId} />
      </Group>

      {problem ? (
        <DayProblemAlert problem={problem} />
      ) : error ? (
        <LoadFailedAlert error={error} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <AppDayCards totals={data?.totals} zones={data && { punchIn: zoneOf(data.totals.punchIn) ?? '', punchOut: zoneOf(data.totals.punchOut) ?? '' }} />
          </SimpleGrid>
          <DashboardPanel title="People" data={data} height={160} emptyText={(data) => (data.people.length ? null : 'No one in this team')}>
            {(data) => <PeopleDayTable people={data.people} day={data.day} />}
          </DashboardPanel>
          <ApplicationPanels data={data} />
        </>
      )}
    </Stack>
  );
}
