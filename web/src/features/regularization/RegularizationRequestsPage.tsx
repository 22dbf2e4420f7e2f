import { Button, EmptyState, Group, LoadingOverlay, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useActiveCompany } from '../company/useActiveCompany';
import { formatDay } from '../dashboards/formatDay';
import { EmptyPage } from '../layout/EmptyPage';
import { LoadFailedAlert } from '../layout/LoadFailedAlert';
import { PageTitle } from '../layout/PageTitle';
import { LeaveStatusBadge } from '../leave/LeaveStatusBadge';
import { RequestHistoryModal } from '../leave/RequestHistoryModal';
import { TablePager } from '../leave/TablePager';
import type { RegularizationRequestToProcess } from './regularizationApi';
import { ProcessRegularizationModal } from './ProcessRegularizationModal';
import { regularizationQueries } from './regularizationQueries';
import { requestTime } from './requestTime';

const TITLE = 'Regularization Requests';
/** Management §9: the regularization processing table shows 50 rows by default. */
const DEFAULT_PAGE_SIZE = 50;

type Dialog = { kind: 'process' | 'history'; request: RegularizationRequestToProcess };

/** /requestsregularization (management §2): the requests a manager processes, pending first; declined ones are hidden. */
export function RegularizationRequestsPage() {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} />;
  return <RequestsOfCompany companyId={company.companyId} />;
}

function RequestsOfCompany({ companyId }: { companyId: string }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const requests = useQuery(regularizationQueries.toProcess(companyId, paging));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const lastPage = Math.max(1, Math.ceil((requests.data?.total ?? 0) / paging.pageSize));
  useEffect(() => {
    if (requests.data && !requests.isPlaceholderData && paging.page > lastPage) setPaging((current) => ({ ...current, page: lastPage }));
  }, [requests.data, requests.isPlaceholderData, paging.page, lastPage]);
  const about = (request: RegularizationRequestToProcess) => `${request.requester.name}’s request for ${formatDay(request.date)} at ${requestTime(request)}`;

  return (
    <Stack gap="lg">
      <PageTitle>{TITLE}</PageTitle>
      {requests.isError ? (
        <LoadFailedAlert error={requests.error} />
      ) : requests.isPending ? (
        <Stack gap="xs" aria-label="Loading regularization requests">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={40} />
          ))}
        </Stack>
      ) : requests.data.total === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState title="No regularization requests" description="Requests sent to you, or by the people of your teams, show here." py="xl" />
        </Paper>
      ) : (
        <Stack gap="sm">
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={1040} pos="relative" scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Regularization requests to process' } }}>
              <LoadingOverlay visible={requests.isPlaceholderData} overlayProps={{ blur: 1 }} />
              <Table verticalSpacing="xs" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Employee</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Time</Table.Th>
                    <Table.Th>Project</Table.Th>
                    <Table.Th>Task</Table.Th>
                    <Table.Th>Manager</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {requests.data.requests.map((request) => (
                    <Table.Tr key={request.requestId}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {request.requester.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {request.requester.email}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(request.date)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{requestTime(request)}</Table.Td>
                      <Table.Td>{request.project.name}</Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {request.task.taskId} {request.task.name}
                        </Text>
                        {request.taskDetails && (
                          <Text size="xs" c="dimmed" lineClamp={2} maw={240}>
                            {request.taskDetails}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{request.assignee.name}</Table.Td>
                      <Table.Td>
                        <LeaveStatusBadge status={request.status} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Answer request={request} about={about(request)} onProcess={() => setDialog({ kind: 'process', request })} />
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
          <TablePager total={requests.data.total} nouns={['request', 'requests']} {...paging} onChange={setPaging} />
        </Stack>
      )}

      <ProcessRegularizationModal companyId={companyId} request={dialog?.kind === 'process' ? dialog.request : null} onClose={close} />
      <RequestHistoryModal
        companyId={companyId}
        request={dialog?.kind === 'history' ? { requestId: dialog.request.requestId, title: `History of ${about(dialog.request)}` } : null}
        onClose={close}
      />
    </Stack>
  );
}

/** Process for who may answer; an approved request is 'Completed'; one sent to someone else says so. */
function Answer({ request, about, onProcess }: { request: RegularizationRequestToProcess; about: string; onProcess: () => void }) {
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
    <Button size="compact-sm" variant="light" onClick={onProcess} aria-label={`Process ${about}`}>
      Process
    </Button>
  );
}
