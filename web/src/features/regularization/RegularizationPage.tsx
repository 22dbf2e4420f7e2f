import { Button, EmptyState, Group, LoadingOverlay, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { mayRun } from '../../../../domain/members/authorization.ts';
import type { CompanySummary } from '../company/CompanySummary';
import { useActiveCompany } from '../company/useActiveCompany';
import { formatDay } from '../dashboards/formatDay';
import { EmptyPage } from '../layout/EmptyPage';
import { LoadFailedAlert } from '../layout/LoadFailedAlert';
import { PageTitle } from '../layout/PageTitle';
import { LeaveStatusBadge } from '../leave/LeaveStatusBadge';
import { RequestHistoryModal } from '../leave/RequestHistoryModal';
import { TablePager } from '../leave/TablePager';
import { ConfirmDialog } from '../teams/ConfirmDialog';
import { useCompanyCommand } from '../teams/useCompanyCommand';
import { type RegularizationRequest, regularizationApi } from './regularizationApi';
import { RegularizationFormModal } from './RegularizationFormModal';
import { regularizationQueries } from './regularizationQueries';
import { requestTime } from './requestTime';

const TITLE = 'Regularization';
/** Management §9: the requester's table shows 20 rows by default. */
const DEFAULT_PAGE_SIZE = 20;

type Dialog = { kind: 'add' } | { kind: 'edit' | 'delete' | 'history'; request: RegularizationRequest };

/** /regularization (management §2): one's own requests for time one could not track, and '+ Add Request'. */
export function RegularizationPage() {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} />;
  if (!mayRun(company.role, 'SubmitRegularization')) return <EmptyPage title={TITLE} comingSoon="Regularization requests are for the people who track time." />;
  return <RegularizationOfCompany company={company} />;
}

function RegularizationOfCompany({ company }: { company: CompanySummary }) {
  const { companyId } = company;
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const requests = useQuery(regularizationQueries.mine(companyId, paging));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const remove = useCompanyCommand(companyId, (request: RegularizationRequest) => regularizationApi.remove(companyId, request.requestId), {
    errorTitle: 'Request deletion failed',
    onDone: close,
  });
  const lastPage = Math.max(1, Math.ceil((requests.data?.total ?? 0) / paging.pageSize));
  // Deleting the last request of the last page leaves that page empty: step back to the new last one.
  useEffect(() => {
    if (requests.data && !requests.isPlaceholderData && paging.page > lastPage) setPaging((current) => ({ ...current, page: lastPage }));
  }, [requests.data, requests.isPlaceholderData, paging.page, lastPage]);
  const about = (request: RegularizationRequest) => `the request for ${formatDay(request.date)} at ${requestTime(request)}`;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <PageTitle>{TITLE}</PageTitle>
        <Button onClick={() => setDialog({ kind: 'add' })}>+ Add Request</Button>
      </Group>

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
          <EmptyState title="No regularization requests yet" description="Ask for time you could not track with + Add Request." py="xl" />
        </Paper>
      ) : (
        <Stack gap="sm">
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={960} pos="relative" scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'My regularization requests' } }}>
              <LoadingOverlay visible={requests.isPlaceholderData} overlayProps={{ blur: 1 }} />
              <Table verticalSpacing="xs" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
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
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(request.date)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{requestTime(request)}</Table.Td>
                      <Table.Td>{request.project.name}</Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {request.task.taskId} {request.task.name}
                        </Text>
                        {request.taskDetails && (
                          <Text size="xs" c="dimmed" lineClamp={2} maw={260}>
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
                          {/* Only a pending request changes (management §4); an answered one is done. */}
                          {request.status === 'Pending' ? (
                            <>
                              <Button size="compact-sm" variant="light" onClick={() => setDialog({ kind: 'edit', request })} aria-label={`Edit ${about(request)}`}>
                                Edit
                              </Button>
                              <Button size="compact-sm" variant="light" color="red" onClick={() => setDialog({ kind: 'delete', request })} aria-label={`Delete ${about(request)}`}>
                                Delete
                              </Button>
                            </>
                          ) : (
                            <Text size="sm" c="dimmed">
                              Completed
                            </Text>
                          )}
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

      <RegularizationFormModal
        companyId={companyId}
        opened={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        request={dialog?.kind === 'edit' ? dialog.request : null}
        onClose={close}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete Regularization Request"
        message={dialog?.kind === 'delete' ? `Delete ${about(dialog.request)}?` : ''}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.request)}
        onClose={close}
      />
      <RequestHistoryModal
        companyId={companyId}
        request={dialog?.kind === 'history' ? { requestId: dialog.request.requestId, title: `History of ${about(dialog.request)}` } : null}
        onClose={close}
      />
    </Stack>
  );
}
