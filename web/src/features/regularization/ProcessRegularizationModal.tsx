import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { MAX_COMMENT_LENGTH } from '../../../../domain/regularization/events.ts';
import { formatDay } from '../dashboards/formatDay';
import { useCompanyCommand } from '../teams/useCompanyCommand';
import { type RegularizationRequestToProcess, regularizationApi } from './regularizationApi';
import { requestTime } from './requestTime';

interface ProcessRegularizationModalProps {
  companyId: string;
  /** The request to process; null: closed. */
  request: RegularizationRequestToProcess | null;
  onClose: () => void;
}

/** The Process dialog of /requestsregularization (management §2): the request, a comment, and Approve or Decline. */
export function ProcessRegularizationModal({ companyId, request, onClose }: ProcessRegularizationModalProps) {
  return (
    <Modal opened={request !== null} onClose={onClose} title="Process Request" size="lg" centered>
      {request && <ProcessForm companyId={companyId} request={request} onClose={onClose} />}
    </Modal>
  );
}

function Detail({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function ProcessForm({ companyId, request, onClose }: { companyId: string; request: RegularizationRequestToProcess; onClose: () => void }) {
  const [comment, setComment] = useState('');
  // Management §8's words for a failed answer.
  const approve = useCompanyCommand(companyId, () => regularizationApi.approve(companyId, request.requestId, comment.trim()), { errorTitle: 'Request approval error', onDone: onClose });
  const decline = useCompanyCommand(companyId, () => regularizationApi.decline(companyId, request.requestId, comment.trim()), { errorTitle: 'Error declining request', onDone: onClose });
  const busy = approve.isPending || decline.isPending;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Detail label="Employee">{request.requester.name}</Detail>
        <Detail label="Date">{formatDay(request.date)}</Detail>
        <Detail label="Time">{requestTime(request)}</Detail>
        <Detail label="Project">{request.project.name}</Detail>
        <Detail label="Task">{`${request.task.taskId} ${request.task.name}`}</Detail>
        <Detail label="Task details">{request.taskDetails || '—'}</Detail>
      </SimpleGrid>
      <Textarea
        label="Comment"
        placeholder="A word for the requester (optional)"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={MAX_COMMENT_LENGTH}
        data-autofocus
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" variant="light" onClick={() => decline.mutate(undefined)} loading={decline.isPending} disabled={approve.isPending}>
          Decline
        </Button>
        <Button color="teal" onClick={() => approve.mutate(undefined)} loading={approve.isPending} disabled={decline.isPending}>
          Approve
        </Button>
      </Group>
    </Stack>
  );
}
