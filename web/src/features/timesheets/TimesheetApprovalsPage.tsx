import { Alert, Anchor, Button, Checkbox, Group, List, Select, Skeleton, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { commandReach, mayRun } from '../../../../domain/members/authorization.ts';
import { seesCompany } from '../../../../domain/members/read-rights.ts';
import { periodLabel, TIMESHEET_STATUSES } from '../../../../domain/timesheets/timesheet.ts';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { formatDollars } from '../../shared/format/formatDollars';
import { formatDuration } from '../../shared/format/formatDuration';
import { useProfile } from '../../shared/identity/useProfile';
import { managedTeams } from '../../shared/teams/managedTeams';
import { teamsQueryOptions } from '../../shared/teams/teamsQueryOptions';
import { TimesheetStatusBadge } from '../../shared/timesheets/TimesheetStatusBadge';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { PageTitle } from '../../shared/ui/PageTitle';
import { ResponsiveTable, type ResponsiveTableColumn } from '../../shared/ui/ResponsiveTable';
import type { ApprovalsSearch } from './approvalsSearch';
import { ReasonModal } from './ReasonModal';
import { timesheetQueries } from './timesheetQueries';
import { type ApprovalRow, timesheetsApi } from './timesheetsApi';

const TITLE = 'Timesheet approvals';
const ALL = 'all';

/** /timesheets: a period's timesheets of the people one may approve; approve (several at once), reject with a reason, reopen (Admins). */
export function TimesheetApprovalsPage({ search }: { search: ApprovalsSearch }) {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} />;
  return <ApprovalsOfCompany company={company} search={search} />;
}

type Asking = { kind: 'reject' | 'reopen'; row: ApprovalRow } | null;

function ApprovalsOfCompany({ company, search }: { company: CompanySummary; search: ApprovalsSearch }) {
  const { companyId } = company;
  const profile = useProfile();
  const navigate = useNavigate();
  const teams = useQuery(teamsQueryOptions(companyId));
  const approvals = useQuery(timesheetQueries.approvals(companyId, { day: search.day, teamId: search.team, status: search.status }));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState<Asking>(null);
  const [refused, setRefused] = useState<{ name: string; message: string }[]>([]);
  const data = approvals.data;
  // An Admin answers any timesheet and reopens approved ones; a Head or Manager answers those sent to them.
  const answersAny = commandReach(company.role, 'ApproveTimesheet') === 'company';
  const reopens = mayRun(company.role, 'ReopenTimesheet');
  const show = (change: ApprovalsSearch) => {
    setSelected(new Set());
    void navigate({ to: '/timesheets', search: (previous) => ({ ...previous, ...change }) });
  };
  const mayAnswer = (row: ApprovalRow) => row.status === 'Submitted' && (answersAny || row.approver?.userId === profile.id);
  const start = data?.period.start ?? '';

  const approveMany = useCompanyCommand(companyId, (userIds: string[]) => timesheetsApi.approveMany(companyId, userIds.map((userId) => ({ userId, start }))), {
    errorTitle: 'Timesheets not approved',
  });
  const approveSelected = () =>
    approveMany.mutate([...selected], {
      onSuccess: ({ results }) => {
        const names = new Map(data?.rows.map((row) => [row.person.userId, row.person.name]));
        setRefused(results.filter((result) => !result.approved).map((result) => ({ name: names.get(result.userId) ?? '', message: result.message ?? '' })));
        setSelected(new Set());
      },
    });
  const answer = useCompanyCommand(
    companyId,
    ({ kind, row, reason }: { kind: 'approve' | 'reject' | 'reopen'; row: ApprovalRow; reason?: string }) =>
      kind === 'approve' ? timesheetsApi.approve(companyId, row.person.userId, start) : timesheetsApi[kind](companyId, row.person.userId, start, reason ?? ''),
    { errorTitle: 'Timesheet not changed', onDone: () => setAsking(null) },
  );

  const selectable = data?.rows.filter(mayAnswer) ?? [];
  const toggle = (userId: string) => setSelected((previous) => {
    const next = new Set(previous);
    if (!next.delete(userId)) next.add(userId);
    return next;
  });
  const teamChoices = teams.data ? managedTeams(teams.data, company.role, profile.id).map((team) => ({ value: team.teamId, label: team.teamName })) : [];

  const columns: ResponsiveTableColumn<ApprovalRow>[] = [
    {
      header: 'Select',
      cell: (row) => <Checkbox aria-label={`Select ${row.person.name}`} disabled={!mayAnswer(row)} checked={selected.has(row.person.userId)} onChange={() => toggle(row.person.userId)} />,
      width: 60,
      align: 'center',
    },
    {
      header: 'Person',
      cell: (row) => (
        <Anchor renderRoot={(props) => <Link {...props} to="/timesheet" search={{ user: row.person.userId, day: start }} />} fw={600} size="sm">
          {row.person.name}
        </Anchor>
      ),
      wide: true,
    },
    { header: 'Status', cell: (row) => <TimesheetStatusBadge status={row.status} />, nowrap: true },
    { header: 'Approver', cell: (row) => row.approver?.name ?? '–' },
    { header: 'Tracked', cell: (row) => formatDuration(row.totals.trackedMinutes), nowrap: true },
    { header: 'Manual', cell: (row) => formatDuration(row.totals.manualMinutes), nowrap: true },
    { header: 'Idle', cell: (row) => formatDuration(row.totals.idleMinutes), nowrap: true },
    { header: 'Earnings ($)', cell: (row) => formatDollars(row.totals.earningsCents), nowrap: true },
    {
      header: 'Actions',
      cell: (row) => (
        <Group gap={6} wrap="nowrap">
          {mayAnswer(row) && (
            <>
              <Button size="compact-sm" onClick={() => answer.mutate({ kind: 'approve', row })} loading={answer.isPending && answer.variables?.row === row} aria-label={`Approve ${row.person.name}`}>
                Approve
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setAsking({ kind: 'reject', row })} aria-label={`Reject ${row.person.name}`}>
                Reject
              </Button>
            </>
          )}
          {reopens && row.status === 'Approved' && (
            <Button size="compact-sm" variant="default" onClick={() => setAsking({ kind: 'reopen', row })} aria-label={`Reopen ${row.person.name}`}>
              Reopen
            </Button>
          )}
        </Group>
      ),
      wide: true,
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <PageTitle>{TITLE}</PageTitle>
          <Text c="dimmed" size="sm">
            {data ? periodLabel(data.period) : 'Loading…'}
          </Text>
        </div>
        <Group gap="xs" align="flex-end">
          <Button variant="default" disabled={!data?.previousStart} onClick={() => data?.previousStart && show({ day: data.previousStart })}>
            Previous period
          </Button>
          <Button variant="default" disabled={!data?.nextStart} onClick={() => data?.nextStart && show({ day: data.nextStart })}>
            Next period
          </Button>
          <DatePickerInput label="Period of" placeholder="Pick a day" value={data?.period.start ?? null} onChange={(day) => day && show({ day })} w={150} />
          <Select
            label="Team"
            w={170}
            data={[{ value: ALL, label: seesCompany(company.role, 'people') ? 'All teams' : 'All my teams' }, ...teamChoices]}
            value={search.team ?? ALL}
            onChange={(team) => show({ team: team && team !== ALL ? team : undefined })}
            allowDeselect={false}
          />
          <Select
            label="Status"
            w={140}
            data={[{ value: ALL, label: 'Any status' }, ...TIMESHEET_STATUSES.map((status) => ({ value: status, label: status }))]}
            value={search.status ?? ALL}
            onChange={(status) => show({ status: status && status !== ALL ? (status as ApprovalRow['status']) : undefined })}
            allowDeselect={false}
          />
        </Group>
      </Group>

      {approvals.isError && <LoadFailedAlert error={approvals.error} />}
      {!data && approvals.isPending && <Skeleton height={240} aria-label="Loading timesheets" />}
      {data && (
        <>
          <Group justify="space-between">
            <Checkbox
              label="Select all waiting for me"
              disabled={!selectable.length}
              checked={selectable.length > 0 && selectable.every((row) => selected.has(row.person.userId))}
              onChange={(event) => setSelected(new Set(event.currentTarget.checked ? selectable.map((row) => row.person.userId) : []))}
            />
            <Button disabled={!selected.size} loading={approveMany.isPending} onClick={approveSelected}>
              Approve selected ({selected.size})
            </Button>
          </Group>
          {refused.length > 0 && (
            <Alert color="yellow" title="Not approved" withCloseButton onClose={() => setRefused([])}>
              <List size="sm">
                {refused.map(({ name, message }) => (
                  <List.Item key={name}>
                    {name}: {message}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          {data.rows.length ? (
            <ResponsiveTable label="Timesheets" columns={columns} rows={data.rows} rowKey={(row) => row.person.userId} minWidth={980} />
          ) : (
            <Text c="dimmed">No timesheets {search.status ? `with the status ${search.status} ` : ''}for this period.</Text>
          )}
        </>
      )}

      <ReasonModal
        title={asking ? `${asking.kind === 'reject' ? 'Reject' : 'Reopen'} ${asking.row.person.name}’s timesheet` : null}
        explanation={
          asking?.kind === 'reopen'
            ? 'Its days are open to changes again, and it must be submitted and approved anew. The reason is kept in its history.'
            : 'They can correct it (requesting missing time) and submit it again. The reason is shown to them.'
        }
        confirmLabel={asking?.kind === 'reopen' ? 'Reopen' : 'Reject'}
        saving={answer.isPending}
        onConfirm={(reason) => asking && answer.mutate({ kind: asking.kind, row: asking.row, reason })}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
