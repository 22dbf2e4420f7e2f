import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { mayRun } from '../../../../domain/members/authorization.ts';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { formatDay } from '../../shared/format/formatDay';
import { useToday } from '../../shared/dashboards/useToday';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { PageTitle } from '../../shared/ui/PageTitle';
import { DeleteRequestDialog } from '../../shared/requests/DeleteRequestDialog';
import { pageOf } from '../../shared/requests/pageOf';
import { OwnRequestActions } from '../../shared/requests/RequestActions';
import { RequestHistoryModal } from '../../shared/requests/RequestHistoryModal';
import { RequestsTable } from '../../shared/requests/RequestsTable';
import { useOwnRequestDialogs } from '../../shared/requests/useOwnRequestDialogs';
import { type LeaveRequest, leaveApi } from './leaveApi';
import { leaveColumns } from './leaveColumns';
import { leaveQueries } from './leaveQueries';
import { LeaveRequestModal } from './LeaveRequestModal';
import { PaidLeaveNotice } from './PaidLeaveNotice';

const TITLE = 'Leave';
/** Management §9: the employee leave table shows 20 rows by default. */
const DEFAULT_PAGE_SIZE = 20;

/** /leave (management §2): one's own leave requests, the paid leave left, and 'Add Request'. */
export function LeavePage() {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} />;
  if (!mayRun(company.role, 'RequestLeave')) return <EmptyPage title={TITLE} comingSoon="Leave requests are for the people of the company’s teams." />;
  return <LeaveOfCompany company={company} />;
}

function LeaveOfCompany({ company }: { company: CompanySummary }) {
  const { companyId } = company;
  const year = Number(useToday().slice(0, 4));
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const requests = useQuery({ ...leaveQueries.mine(companyId), select: (data) => pageOf(data.requests, paging) });
  const dialogs = useOwnRequestDialogs<LeaveRequest>();
  const about = (request: LeaveRequest) => `the request for ${formatDay(request.leaveDate)}`;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <PageTitle>{TITLE}</PageTitle>
        <Button onClick={() => dialogs.open({ kind: 'add' })}>Add Request</Button>
      </Group>

      <PaidLeaveSummary companyId={companyId} year={year} />

      <RequestsTable
        requests={requests}
        label="My leave requests"
        loadingLabel="Loading leave requests"
        empty={{ title: 'No leave requests yet', description: 'Ask for a day off with Add Request.' }}
        minWidth={860}
        columns={leaveColumns(280)}
        actions={(request) => <OwnRequestActions status={request.status} about={about(request)} onOpen={(kind) => dialogs.open({ kind, request })} />}
        paging={paging}
        onPaging={setPaging}
      />

      <LeaveRequestModal companyId={companyId} opened={dialogs.formOpened} request={dialogs.editing} onClose={dialogs.close} />
      <DeleteRequestDialog
        companyId={companyId}
        title="Delete Leave Request"
        request={dialogs.deleting}
        question={(request) => `Delete your ${request.type} request for ${formatDay(request.leaveDate)}?`}
        remove={(request) => leaveApi.remove(companyId, request.requestId)}
        onClose={dialogs.close}
      />
      <RequestHistoryModal
        companyId={companyId}
        kind="leave"
        request={dialogs.historyOf && { requestId: dialogs.historyOf.requestId, title: `History of ${dialogs.historyOf.type} on ${formatDay(dialogs.historyOf.leaveDate)}` }}
        onClose={dialogs.close}
      />
    </Stack>
  );
}

/** This year's paid leave: the counts and management §8's line under them. */
function PaidLeaveSummary({ companyId, year }: { companyId: string; year: number }) {
  const balance = useQuery(leaveQueries.balance(companyId, year));
  const counts = balance.data?.hasPolicy
    ? [
        ['Allocated', balance.data.allocated],
        ['Used', balance.data.used],
        ['Pending', balance.data.pending],
        ['Available', Math.max(0, balance.data.available)],
      ]
    : [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Paid leave {year}
        </Title>
        {counts.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {counts.map(([label, value]) => (
              <div key={label} role="group" aria-label={`${label} paid leave days`}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={700} size="xl">
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        )}
        <PaidLeaveNotice companyId={companyId} year={year} />
      </Stack>
    </Paper>
  );
}
