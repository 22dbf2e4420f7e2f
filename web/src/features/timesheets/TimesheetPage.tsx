import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { mayRun } from '../../../../domain/members/authorization.ts';
import { periodLabel, timesheetMessages } from '../../../../domain/timesheets/timesheet.ts';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { formatDuration } from '../../shared/format/formatDuration';
import { useProfile } from '../../shared/identity/useProfile';
import { TimesheetStatusBadge } from '../../shared/timesheets/TimesheetStatusBadge';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { PageTitle } from '../../shared/ui/PageTitle';
import { SubmitTimesheetModal } from './SubmitTimesheetModal';
import { TimesheetGrid } from './TimesheetGrid';
import { TimesheetHistoryButton } from './TimesheetHistoryButton';
import { timesheetQueries } from './timesheetQueries';
import type { TimesheetSearch } from './timesheetSearch';
import type { TimesheetSheet } from './timesheetsApi';

const TITLE = 'Timesheet';

/** /timesheet: a person's period, day by day and task by task, with its status; one's own is submitted from here. */
export function TimesheetPage({ search }: { search: TimesheetSearch }) {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} />;
  if (!mayRun(company.role, 'SubmitTimesheet')) return <EmptyPage title={TITLE} comingSoon="Timesheets are for the people of the company’s teams." />;
  return <TimesheetOfCompany company={company} search={search} />;
}

function TimesheetOfCompany({ company, search }: { company: CompanySummary; search: TimesheetSearch }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const userId = search.user ?? profile.id;
  const own = userId === profile.id;
  const sheet = useQuery(timesheetQueries.sheet(company.companyId, userId, search.day));
  const [submitting, setSubmitting] = useState(false);
  const data = sheet.data;
  const show = (day: string) => void navigate({ to: '/timesheet', search: (previous) => ({ ...previous, day }) });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <PageTitle>{TITLE}</PageTitle>
          <Text c="dimmed" size="sm">
            {data ? `${data.person.name} · ${periodLabel(data.period)}` : 'Loading…'}
          </Text>
        </div>
        <Group gap="xs" align="flex-end">
          <Button variant="default" disabled={!data?.previousStart} onClick={() => data?.previousStart && show(data.previousStart)}>
            Previous period
          </Button>
          <Button variant="default" disabled={!data?.nextStart} onClick={() => data?.nextStart && show(data.nextStart)}>
            Next period
          </Button>
          <DatePickerInput
            label="Period of"
            placeholder="Pick a day"
            value={data?.period.start ?? null}
            maxDate={data?.today}
            onChange={(day) => day && show(day)}
            w={150}
          />
        </Group>
      </Group>

      {sheet.isError && <LoadFailedAlert error={sheet.error} />}
      {!data && sheet.isPending && <Skeleton height={320} aria-label="Loading the timesheet" />}
      {data && (
        <>
          <StatusPanel sheet={data} own={own} onSubmit={() => setSubmitting(true)} history={<TimesheetHistoryButton companyId={company.companyId} userId={userId} start={data.period.start} title={`History of ${data.person.name}’s timesheet, ${periodLabel(data.period)}`} />} />
          <Totals sheet={data} />
          <TimesheetGrid sheet={data} />
        </>
      )}
      {data && own && <SubmitTimesheetModal companyId={company.companyId} sheet={data} opened={submitting} onClose={() => setSubmitting(false)} />}
    </Stack>
  );
}

/** Whether one's own timesheet may be sent now: open, rejected or reopened, from the period's last day, with no timer running in it. */
const submittable = (sheet: TimesheetSheet) => ['Open', 'Rejected', 'Reopened'].includes(sheet.status) && sheet.today >= sheet.period.end;

function StatusPanel({ sheet, own, onSubmit, history }: { sheet: TimesheetSheet; own: boolean; onSubmit: () => void; history: ReactNode }) {
  const { status } = sheet;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Text fw={600}>Status</Text>
            <TimesheetStatusBadge status={status} />
            {sheet.approver && status !== 'Open' && (
              <Text size="sm" c="dimmed">
                {status === 'Submitted' ? `Waiting for ${sheet.approver.name}` : `Approver: ${sheet.approver.name}`}
              </Text>
            )}
          </Group>
          <Group gap="xs">
            {history}
            {own && submittable(sheet) && (
              <Button onClick={onSubmit} disabled={sheet.timerRunning}>
                {status === 'Open' ? 'Submit' : 'Submit again'}
              </Button>
            )}
          </Group>
        </Group>
        {own && submittable(sheet) && sheet.timerRunning && <Text size="sm">{timesheetMessages.timerRunning}</Text>}
        {own && ['Open', 'Rejected', 'Reopened'].includes(status) && sheet.today < sheet.period.end && (
          <Text size="sm" c="dimmed">
            {timesheetMessages.notYet(sheet.period)}
          </Text>
        )}
        {status === 'Rejected' && sheet.reason && (
          <Alert color="red" title={`Rejected by ${sheet.updatedBy}`}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{sheet.reason}</Text>
              {own && (
                <Text size="sm">
                  Missing time? <Link to="/regularization">Request it on Regularization</Link>, then submit again.
                </Text>
              )}
            </Stack>
          </Alert>
        )}
        {status === 'Reopened' && sheet.reason && (
          <Alert color="blue" title={`Reopened by ${sheet.updatedBy}`}>
            {sheet.reason}
          </Alert>
        )}
        {status === 'Approved' && (
          <Text size="sm">
            Approved by {sheet.updatedBy}: its days are locked. An Admin can reopen it.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Totals({ sheet }: { sheet: TimesheetSheet }) {
  const figures = [
    { label: 'Tracked', minutes: sheet.totals.trackedMinutes },
    { label: 'Of which manual', minutes: sheet.totals.manualMinutes },
    { label: 'Idle', minutes: sheet.totals.idleMinutes },
  ];
  return (
    <SimpleGrid cols={3}>
      {figures.map(({ label, minutes }) => (
        <Paper key={label} withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg">
            {formatDuration(minutes)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
