import { Text } from '@mantine/core';
import { formatDay } from '../../shared/format/formatDay';
import type { RequestColumn } from '../../shared/requests/RequestsTable';
import type { RegularizationRequest } from './regularizationApi';
import { requestTime } from './requestTime';

/** A regularization request's own columns; its task details take up to `detailsWidth` pixels over two lines. */
export const regularizationColumns = (detailsWidth: number): RequestColumn<RegularizationRequest>[] => [
  { header: 'Date', nowrap: true, cell: (request) => formatDay(request.date) },
  { header: 'Time', nowrap: true, cell: requestTime },
  { header: 'Project', cell: (request) => request.project.name },
  {
    header: 'Task',
    cell: (request) => (
      <>
        <Text size="sm">
          {request.task.taskId} {request.task.name}
        </Text>
        {request.taskDetails && (
          <Text size="xs" c="dimmed" lineClamp={2} maw={detailsWidth}>
            {request.taskDetails}
          </Text>
        )}
      </>
    ),
  },
];
