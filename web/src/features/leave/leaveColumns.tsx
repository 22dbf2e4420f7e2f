import { Text } from '@mantine/core';
import { formatDay } from '../../shared/format/formatDay';
import type { RequestColumn } from '../../shared/requests/RequestsTable';
import type { LeaveRequest } from './leaveApi';

/** A leave request's own columns; its comment takes up to `commentWidth` pixels over two lines. */
export const leaveColumns = (commentWidth: number): RequestColumn<LeaveRequest>[] => [
  { header: 'Date', nowrap: true, cell: (request) => formatDay(request.leaveDate) },
  { header: 'Type', nowrap: true, cell: (request) => request.type },
  {
    header: 'Comment',
    cell: (request) => (
      <Text size="sm" lineClamp={2} maw={commentWidth}>
        {request.comment}
      </Text>
    ),
  },
];
