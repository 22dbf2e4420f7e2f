import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { seesOthers } from '../../../../domain/members/read-rights.ts';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { MemberPicker } from '../../shared/dashboards/MemberPicker';
import { useToday } from '../../shared/dashboards/useToday';
import { ExportDataButton } from '../../shared/exports/ExportDataButton';
import { MonthPickerField } from '../../shared/exports/MonthPickerField';
import { formatDay } from '../../shared/format/formatDay';
import { formatDuration } from '../../shared/format/formatDuration';
import { useProfile } from '../../shared/identity/useProfile';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { PageTitle } from '../../shared/ui/PageTitle';
import { ResponsiveTable } from '../../shared/ui/ResponsiveTable';
import { formatBalance, type PersonWorkingTime, workingTimeQueries } from '../../shared/working-time/workingTimeApi';
import { BalanceChart } from './BalanceChart';
import { ContractCard } from './ContractCard';
import { EntriesCard } from './EntriesCard';
import { TeamBalances } from './TeamBalances';
import type { WorkingTimeSearch } from './workingTimeSearch';

const TITLE = 'Working Time';

/** "March 2026". */
const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** /working-time: a person's targets, worked time and running balance for a month, the year's balance, their contract, holidays, corrections and payouts. */
export function WorkingTimePage({ search }: { search: WorkingTimeSearch }) {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} />;
  return <WorkingTimeOfCompany company={company} search={search} />;
}

function WorkingTimeOfCompany({ company, search }: { company: CompanySummary; search: WorkingTimeSearch }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const thisMonth = useToday().slice(0, 7);
  const month = search.month ?? thisMonth;
  const userId = search.user ?? profile.id;
  const account = useQuery(workingTimeQueries.person(company.companyId, userId, month));
  const data = account.data;
  const show = (change: WorkingTimeSearch) => void navigate({ to: '/working-time', search: (previous) => ({ ...previous, ...change }) });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <PageTitle>{TITLE}</PageTitle>
          <Text c="dimmed" size="sm">
            {data ? `${data.person.name} · ` : ''}
            {monthName(month)}
          </Text>
        </div>
        <Group align="flex-end" gap="sm">
          {seesOthers(company.role, 'people') && <MemberPicker companyId={company.companyId} selfId={profile.id} userId={userId} onPick={(user) => show({ user })} />}
          <MonthPickerField
            label="Month"
            value={`${month}-01`}
            onChange={(value) => value && show({ month: value.slice(0, 7) })}
            maxDate={`${thisMonth}-01`}
            valueFormat="MMMM YYYY"
            w={{ base: '100%', xs: 180 }}
          />
          <ExportDataButton
            companyId={company.companyId}
            target={{ kind: 'person', userId, name: data?.person.name ?? (userId === profile.id ? profile.name : '') }}
            months={{ from: month, to: month }}
            latest={thisMonth}
          />
        </Group>
      </Group>

      {account.isError ? (
        <LoadFailedAlert error={account.error} />
      ) : !data ? (
        <Skeleton h={420} aria-label="Loading working time" />
      ) : (
        <>
          <Summary account={data} />
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="working-time-days">
            <Title order={2} size="h4" id="working-time-days" mb="sm">
              Days of {monthName(month)}
            </Title>
            <DaysTable account={data} />
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="working-time-year">
              <Title order={2} size="h4" id="working-time-year" mb="sm">
                Balance in {month.slice(0, 4)}
              </Title>
              {data.months.length > 0 ? <BalanceChart months={data.months} /> : <Text c="dimmed">No month of {month.slice(0, 4)} counted yet.</Text>}
            </Paper>
            <Stack>
              <ContractCard company={company} account={data} />
              <HolidaysCard account={data} month={month} />
            </Stack>
          </SimpleGrid>
          <EntriesCard company={company} account={data} />
        </>
      )}
      {seesOthers(company.role, 'members') && <TeamBalances company={company} />}
    </Stack>
  );
}

function Summary({ account }: { account: PersonWorkingTime }) {
  // The server's sum of the month, as the export's row and the year's chart have it.
  const month = account.months.find((period) => period.from.startsWith(account.month));
  const figures = [
    { label: `Balance on ${formatDay(account.today)}`, value: formatBalance(account.balanceMinutes) },
    { label: 'Target this month', value: formatDuration(month?.targetMinutes ?? 0) },
    { label: 'Worked this month', value: formatDuration(month?.workedMinutes ?? 0) },
    { label: 'Difference this month', value: formatBalance(month?.differenceMinutes ?? 0) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      {figures.map(({ label, value }) => (
        <Paper key={label} withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg">
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

type Day = PersonWorkingTime['days'][number];

function DaysTable({ account }: { account: PersonWorkingTime }) {
  if (account.days.length === 0) return <Text c="dimmed">No day of this month is counted: it is before {formatDay(account.from)}, or still to come.</Text>;
  return (
    <ResponsiveTable<Day>
      label="Days"
      minWidth={640}
      rowKey={(day) => day.day}
      rows={account.days}
      striped
      columns={[
        {
          header: 'Date',
          wide: true,
          cell: (day) => (
            <Group gap="xs">
              <span>{formatDay(day.day)}</span>
              {day.holiday && (
                <Badge size="sm" variant="light" color="grape">
                  Holiday: {day.holiday}
                </Badge>
              )}
            </Group>
          ),
        },
        { header: 'Target', nowrap: true, cell: (day) => formatDuration(day.targetMinutes) },
        { header: 'Worked', nowrap: true, cell: (day) => formatDuration(day.workedMinutes) },
        { header: 'Difference', nowrap: true, cell: (day) => formatBalance(day.differenceMinutes) },
        { header: 'Adjusted', nowrap: true, cell: (day) => (day.adjustedMinutes === 0 ? '' : formatBalance(day.adjustedMinutes)) },
        { header: 'Balance', nowrap: true, cell: (day) => <Text fw={600}>{formatBalance(day.balanceMinutes)}</Text> },
      ]}
    />
  );
}

function HolidaysCard({ account, month }: { account: PersonWorkingTime; month: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="working-time-holidays">
      <Title order={2} size="h4" id="working-time-holidays" mb="xs">
        Holidays in {monthName(month)}
      </Title>
      {account.holidays.length === 0 ? (
        <Text c="dimmed" size="sm">
          No holiday this month.
        </Text>
      ) : (
        <Stack gap={4}>
          {account.holidays.map((holiday) => (
            <Text key={holiday.day} size="sm">
              {formatDay(holiday.day)}: {holiday.name} {holiday.kind === 'company' ? '(company holiday)' : '(public holiday)'}
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
