import { Center, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { rangeProblem } from '../../../../domain/dashboards/range.ts';
import { useProfile } from '../../shared/identity/useProfile';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { browserTimeZone } from '../../shared/company/timeZoneOptions';
import { formatDay } from '../../shared/format/formatDay';
import { usePeopleOptions } from '../../shared/dashboards/usePeopleOptions';
import { useToday } from '../../shared/dashboards/useToday';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { PageTitle } from '../../shared/ui/PageTitle';
import { ScreenshotStrip } from '../../shared/screenshots/ScreenshotStrip';
import { AppDayCards } from './AppDayCards';
import { ApplicationPanels } from './ApplicationPanels';
import { appUsageQueries } from '../../shared/app-dashboard/appUsageQueries';
import { DayPicker, DayProblemAlert, RefreshButton } from './DayControls';
import { localDayNote } from './localDayNote';
import { UserSelect } from './UserSelect';

const TITLE = 'Application Time Tracked Dashboard';

type Search = { user?: string; day?: string };

/** /application-dashboard (management §2): one person's day by application, with their screenshots. */
export function ApplicationDashboardPage({ search }: { search: Search }) {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} />;
  return <ApplicationDashboardOfCompany company={company} search={search} />;
}

function ApplicationDashboardOfCompany({ company, search }: { company: CompanySummary; search: Search }) {
  const { companyId } = company;
  const profile = useProfile();
  const navigate = useNavigate();
  const today = useToday();
  const { people, options } = usePeopleOptions(companyId, profile.id);
  // Until someone is picked or the choice cleared, the first person of the list.
  const [cleared, setCleared] = useState(false);
  const userId = search.user ?? (cleared ? null : (options[0]?.value ?? null));
  // Without a day in the link, the person's latest day with data, their own local day (the server's answer), not an empty today.
  const opening = useQuery({ ...appUsageQueries.personOpeningDay(companyId, userId ?? ''), enabled: userId !== null && search.day === undefined });
  const day = search.day ?? (userId === null ? today : (opening.data?.day ?? null));
  const problem = day === null ? null : rangeProblem({ from: day, to: day });
  const dashboard = useQuery({ ...appUsageQueries.person(companyId, userId ?? '', day ?? ''), enabled: userId !== null && day !== null && problem === null });
  const data = dashboard.data;
  const error = opening.error ?? dashboard.error;
  const zoneNote = data ? localDayNote([data.person.timeZone], browserTimeZone()) : null;

  const show = (change: Search) => void navigate({ to: '/application-dashboard', search: (previous) => ({ ...previous, ...change }) });
  const pickUser = (user: string | null) => {
    setCleared(user === null);
    show({ user: user ?? undefined });
  };

  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{TITLE}</PageTitle>
        <Text c="dimmed" size="sm">
          {data ? `${data.person.name} · ` : ''}
          {problem ? 'No day' : day ? formatDay(day) : 'Finding the latest day with data…'}
          {zoneNote ? ` (${zoneNote})` : ''}
        </Text>
      </div>
      <Group align="flex-end" gap="sm">
        <UserSelect options={options} loading={people.isPending} failed={people.isError} userId={userId} onPick={pickUser} />
        <DayPicker day={day} latest={day !== null && day > today ? day : today} onPick={(picked) => show({ day: picked })} />
        <RefreshButton companyId={companyId} />
      </Group>

      {problem ? (
        <DayProblemAlert problem={problem} />
      ) : userId === null ? (
        <Paper withBorder radius="md" p="xl">
          <Center mih={160}>
            <Text c="dimmed">{people.isPending ? 'Loading users…' : 'Select a user to see their applications'}</Text>
          </Center>
        </Paper>
      ) : error ? (
        <LoadFailedAlert error={error} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <AppDayCards totals={data?.totals} zones={data && { punchIn: data.person.timeZone, punchOut: data.person.timeZone }} />
          </SimpleGrid>
          <ApplicationPanels data={data} />
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="application-dashboard-screenshots">
            <Title order={4} id="application-dashboard-screenshots" mb="sm">
              Screenshots
            </Title>
            {day !== null && <ScreenshotStrip companyId={companyId} userId={userId} from={day} to={day} />}
          </Paper>
        </>
      )}
    </Stack>
  );
}
