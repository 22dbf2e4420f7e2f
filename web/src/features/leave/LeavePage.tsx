import { Button, EmptyState, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { mayRun } from '../../../../domain/members/authorization.ts';
import type { CompanySummary } from '../company/CompanySummary';
import { useActiveCompany } from '../company/useActiveCompany';
import { formatDay } from '../dashboards/formatDay';
import { useToday } from '../dashboards/useToday';
import { EmptyPage } from '../layout/EmptyPage';
import { LoadFailedAlert } from '../layout/LoadFailedAlert';
import { PageTitle } from '../layout/PageTitle';
import { ConfirmDialog } from '../teams/ConfirmDialog';
import { useCompanyCommand } from '../teams/useCompanyCommand';
import { type LeaveRequest, leaveApi } from './leaveApi';
import { leaveQueries } from './leaveQueries';
import { LeaveRequestModal } from './LeaveRequestModal';
import { LeaveStatusBadge } from './LeaveStatusBadge';
import { PaidLeaveNotice } from './PaidLeaveNotice';
import { RequestHistoryModal } from './RequestHistoryModal';
import { pageOf, TablePager } from './TablePager';

const TITLE = 'Leave';
/** Management §9: the employee leave table shows 20 rows by default. */
const DEFAULT_PAGE_SIZE = 20;

type Dialog = { kind: 'add' } | { kind: 'edit' | 'delete' | 'history'; request: LeaveRequest };

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
  const requests = useQuery(leaveQueries.mine(companyId));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const close = () => setDialog(null);
  const remove = useCompanyCommand(companyId, (request: LeaveRequest) => leaveApi.remove(companyId, request.requestId), {
    errorTitle: 'Request deletion failed',
    onDone: close,
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <PageTitle>{TITLE}</PageTitle>
        <Button onClick={() => setDialog({ kind: 'add' })}>Add Request</Button>
      </Group>

      <PaidLeaveSummary companyId={companyId} year={year} />

      {requests.isError ? (
        <LoadFailedAlert error={requests.error} />
      ) : requests.isPending ? (
        <Stack gap="xs" aria-label="Loading leave requests">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={40} />
          ))}
        </Stack>
      ) : requests.data.requests.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState title="No leave requests yet" description="Ask for a day off with Add Request." py="xl" />
        </Paper>
      ) : (
        <Stack gap="sm">
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={860} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'My leave requests' } }}>
              <Table verticalSpacing="xs" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Comment</Table.Th>
                    <Table.Th>Manager</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {pageOf(requests.data.requests, paging.page, paging.pageSize).map((request) => (
                    <Table.Tr key={request.requestId}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(request.leaveDate)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{request.type}</Table.Td>
                      <Table.Td>
                        <Text size="sm" lineClamp={2} maw={280}>
                          {request.comment}
                        </Text>
                      </Table.Td>
                      <Table.Td>{request.assignee.name}</Table.Td>
                      <Table.Td>
                        <LeaveStatusBadge status={request.status} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          {/* Only a pending request changes (management §4); an answered one is done. */}
                          {request.status === 'Pending' ? (
                            <>
                              <Button size="compact-sm" variant="light" onClick={() => setDialog({ kind: 'edit', request })} aria-label={`Edit the request for ${formatDay(request.leaveDate)}`}>
                                Edit
                              </Button>
                              <Button size="compact-sm" variant="light" color="red" onClick={() => setDialog({ kind: 'delete', request })} aria-label={`Delete the request for ${formatDay(request.leaveDate)}`}>
                                Delete
                              </Button>
                            </>
                          ) : (
                            <Text size="sm" c="dimmed">
                              Completed
                            </Text>
                          )}
                          <Button size="compact-sm" variant="subtle" onClick={() => setDialog({ kind: 'history', request })} aria-label={`History of the request for ${formatDay(request.leaveDate)}`}>
                            History
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <TablePager total={requests.data.requests.length} nouns={['request', 'requests']} {...paging} onChange={setPaging} />
        </Stack>
      )}

      <LeaveRequestModal
        companyId={companyId}
        opened={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        request={dialog?.kind === 'edit' ? dialog.request : null}
        onClose={close}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete Leave Request"
        message={dialog?.kind === 'delete' ? `Delete your ${dialog.request.type} request for ${formatDay(dialog.request.leaveDate)}?` : ''}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.request)}
        onClose={close}
      />
      <RequestHistoryModal
        companyId={companyId}
        request={dialog?.kind === 'history' ? { requestId: dialog.request.requestId, title: `History of ${dialog.request.type} on ${formatDay(dialog.request.leaveDate)}` } : null}
        onClose={close}
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
