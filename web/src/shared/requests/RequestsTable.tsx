import { EmptyState, Group, LoadingOverlay, Paper, Skeleton, Stack, Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type Dispatch, type ReactNode, type SetStateAction, useEffect } from 'react';
import { LoadFailedAlert } from '../ui/LoadFailedAlert';
import { RequestStatusBadge } from './RequestStatusBadge';
import type { RequestStatus } from './requestsApi';
import { type TablePage, TablePager } from './TablePager';

/** One of a kind's own columns: its header and what a request shows in it. */
export interface RequestColumn<Row> {
  header: string;
  cell: (request: Row) => ReactNode;
  /** A day or a time, kept on one line. */
  nowrap?: boolean;
}

/** What every request table shows of a request besides its kind's columns. */
interface ListedRequest {
  requestId: string;
  assignee: { name: string };
  status: RequestStatus;
}

interface RequestsTableProps<Row extends ListedRequest> {
  /** One page of requests, and how many there are in all. */
  requests: UseQueryResult<{ requests: readonly Row[]; total: number }>;
  /** The table's name, e.g. 'My leave requests'. */
  label: string;
  /** What loads meanwhile, e.g. 'Loading leave requests'. */
  loadingLabel: string;
  /** What an empty table says. */
  empty: { title: string; description: string };
  /** Narrower than this, the table scrolls sideways. */
  minWidth: number;
  /** The kind's own columns; Manager, Status and Actions follow them. */
  columns: RequestColumn<Row>[];
  /** The buttons of a request's Actions cell. */
  actions: (request: Row) => ReactNode;
  paging: TablePage;
  onPaging: Dispatch<SetStateAction<TablePage>>;
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The columns every request table ends with. */
const closingColumns = <Row extends ListedRequest>(actions: (request: Row) => ReactNode): RequestColumn<Row>[] => [
  { header: 'Manager', cell: (request) => request.assignee.name },
  { header: 'Status', cell: (request) => <RequestStatusBadge status={request.status} /> },
  {
    header: 'Actions',
    cell: (request) => (
      <Group gap={6} wrap="nowrap">
        {actions(request)}
      </Group>
    ),
  },
];

/** A table of leave or regularization requests, with its pages; while the next page loads, the last one stays under an overlay. */
export function RequestsTable<Row extends ListedRequest>({ requests, label, loadingLabel, empty, minWidth, columns, actions, paging, onPaging }: RequestsTableProps<Row>) {
  const lastPage = Math.max(1, Math.ceil((requests.data?.total ?? 0) / paging.pageSize));
  // Deleting the last request of the last page leaves that page empty: step back to the new last one.
  useEffect(() => {
    if (requests.data && !requests.isPlaceholderData && paging.page > lastPage) onPaging((current) => ({ ...current, page: lastPage }));
  }, [requests.data, requests.isPlaceholderData, paging.page, lastPage, onPaging]);

  if (requests.isError) return <LoadFailedAlert error={requests.error} />;
  if (requests.isPending) {
    return (
      <Stack gap="xs" aria-label={loadingLabel}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h={40} />
        ))}
      </Stack>
    );
  }
  if (requests.data.total === 0) {
    return (
      <Paper withBorder radius="md">
        <EmptyState title={empty.title} description={empty.description} py="xl" />
      </Paper>
    );
  }
  const shown = [...columns, ...closingColumns(actions)];
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={minWidth} pos="relative" scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}>
          <LoadingOverlay visible={requests.isPlaceholderData} overlayProps={{ blur: 1 }} />
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {shown.map((column) => (
                  <Table.Th key={column.header}>{column.header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.data.requests.map((request) => (
                <Table.Tr key={request.requestId}>
                  {shown.map((column) => (
                    <Table.Td key={column.header} style={column.nowrap ? NOWRAP : undefined}>
                      {column.cell(request)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <TablePager total={requests.data.total} nouns={['request', 'requests']} {...paging} onChange={onPaging} />
    </Stack>
  );
}
