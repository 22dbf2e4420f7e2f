import { Button, EmptyState, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveCompany } from '../company/useActiveCompany';
import { formatDay } from '../dashboards/formatDay';
import { EmptyPage } from '../layout/EmptyPage';
import { LoadFailedAlert } from '../layout/LoadFailedAlert';
import { PageTitle } from '../layout/PageTitle';
import type { LeaveRequestToProcess } from './leaveApi';
import { leaveQueries } from './leaveQueries';
import { LeaveStatusBadge } from './LeaveStatusBadge';
import { type LeaveAnswer, ProcessLeaveModal } from './ProcessLeaveModal';
import { RequestHistoryModal } from './RequestHistoryModal';
import { pageOf, TablePager } from './TablePager';

const TITLE = 'Leave Requests';
/** Management §9: the leave processing table shows 50 rows by default. */
const DEFAULT_PAGE_SIZE = 50;

type Dialog = { kind: 'process'; request: LeaveRequestToProcess; answer: LeaveAnswer } | { kind: 'history'; request: LeaveRequestToProcess };

/** /requestsleave (management §2): the leave requests a manager answers, pending first. */
export function LeaveRequestsPage() {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} />;
  return <LeaveRequestsOfCompany companyId={company.companyId} />;
}

function LeaveRequestsOfCompany({ companyId }: { companyId: string }) {
  const requests = useQuery(leaveQueries.toProcess(companyId));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const close = () => setDialog(null);
  const about = (request: LeaveRequestToProcess) => `${request.requester.name}’s request for ${formatDay(request.leaveDate)}`;

  return (
    <Stack gap="lg">
      <PageTitle>{TITLE}</PageTitle>
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
          <EmptyState title="No leave requests" description="Requests sent to you, or by the people of your teams, show here." py="xl" />
        </Paper>
      ) : (
        <Stack gap="sm">
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={960} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Leave requests to process' } }}>
              <Table verticalSpacing="xs" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Employee</Table.Th>
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
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {request.requester.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {request.requester.email}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(request.leaveDate)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{request.type}</Table.Td>
                      <Table.Td>
                        <Text size="sm" lineClamp={2} maw={260}>
                          {request.comment}
                        </Text>
                      </Table.Td>
                      <Table.Td>{request.assignee.name}</Table.Td>
                      <Table.Td>
                        <LeaveStatusBadge status={request.status} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Answer request={request} about={about(request)} onAnswer={(answer) => setDialog({ kind: 'process', request, answer })} />
                          <Button size="compact-sm" variant="subtle" onClick={() => setDialog({ kind: 'history', request })} aria-label={`History of ${about(request)}`}>
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

      <ProcessLeaveModal companyId={companyId} processing={dialog?.kind === 'process' ? dialog : null} onClose={close} />
      <RequestHistoryModal
        companyId={companyId}
        request={dialog?.kind === 'history' ? { requestId: dialog.request.requestId, title: `History of ${about(dialog.request)}` } : null}
        onClose={close}
      />
    </Stack>
  );
}

/** Approve and Decline for who may answer; an answered request is 'Completed'; one sent to someone else says so. */
function Answer({ request, about, onAnswer }: { request: LeaveRequestToProcess; about: string; onAnswer: (answer: LeaveAnswer) => void }) {
  if (request.status !== 'Pending') {
    return (
      <Text size="sm" c="dimmed">
        Completed
      </Text>
    );
  }
  if (!request.mayProcess) {
    return (
      <Text size="sm" c="dimmed">
        Awaiting {request.assignee.name}
      </Text>
    );
  }
  return (
    <>
      <Button size="compact-sm" variant="light" color="teal" onClick={() => onAnswer('approve')} aria-label={`Approve ${about}`}>
        Approve
      </Button>
      <Button size="compact-sm" variant="light" color="red" onClick={() => onAnswer('decline')} aria-label={`Decline ${about}`}>
        Decline
      </Button>
    </>
  );
}
