import { Modal, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDay } from '../format/formatDay';
import { LoadFailedAlert } from '../ui/LoadFailedAlert';
import { requestQueries } from './requestQueries';
import type { RequestHistory, RequestKind } from './requestsApi';

interface RequestHistoryModalProps {
  companyId: string;
  /** Whose family of queries the history lives in, so that live updates of that kind reach it. */
  kind: RequestKind;
  /** The request whose history to show; null: closed. */
  request: { requestId: string; title: string } | null;
  onClose: () => void;
}

type Entry = RequestHistory[number];

const VERBS: Record<Entry['action'], string> = {
  requested: 'requested',
  edited: 'changed',
  deleted: 'deleted the request',
  approved: 'approved',
  declined: 'declined',
};

/** How the history names a request's fields (projections/request-history). */
const FIELDS: Record<string, string> = {
  // A leave request's.
  leaveDate: 'Date',
  type: 'Type',
  comment: 'Comment',
  assignee: 'Manager',
  // A regularization request's.
  date: 'Date',
  startTime: 'Start time',
  duration: 'Duration',
  project: 'Project',
  task: 'Task',
  taskDetails: 'Task details',
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const shown = (value: string) => (DAY.test(value) ? formatDay(value) : value);

/** A request's history, oldest first: who did what and when, what they said, and what an edit changed (issue 16 'Audit'). */
export function RequestHistoryModal({ companyId, kind, request, onClose }: RequestHistoryModalProps) {
  return (
    <Modal opened={request !== null} onClose={onClose} title={request?.title ?? 'History'} size="lg" centered>
      {request && <HistoryOf companyId={companyId} kind={kind} requestId={request.requestId} />}
    </Modal>
  );
}

function HistoryOf({ companyId, kind, requestId }: { companyId: string; kind: RequestKind; requestId: string }) {
  const history = useQuery(requestQueries.history(companyId, kind, requestId));
  if (history.isError) return <LoadFailedAlert error={history.error} />;
  if (history.isPending) {
    return (
      <Stack gap="sm" aria-label="Loading history">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h={40} />
        ))}
      </Stack>
    );
  }
  if (history.data.history.length === 0) return <Text c="dimmed">No activity yet</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} pl={4} pt={4} aria-label="Request history">
      {history.data.history.map((entry) => (
        <Timeline.Item key={entry.id} color={entry.action === 'declined' || entry.action === 'deleted' ? 'red' : entry.action === 'approved' ? 'teal' : undefined}>
          <Text size="sm">
            <Text span fw={600}>
              {entry.actor.name}
            </Text>{' '}
            {VERBS[entry.action]}
          </Text>
          <Text size="xs" c="dimmed">
            {new Date(entry.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
          </Text>
          {entry.changes.map((change) => (
            <Text size="sm" key={change.field}>
              {FIELDS[change.field] ?? change.field}: {shown(change.from)} → {shown(change.to)}
            </Text>
          ))}
          {entry.comment && (
            <Text size="sm" c="dimmed" fs="italic">
              “{entry.comment}”
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
