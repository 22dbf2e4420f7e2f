import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { MAX_COMMENT_LENGTH } from '../../../../domain/leave/events.ts';
import { DEFAULT_COMMENT } from '../../../../domain/leave/leave.ts';
import { formatDay } from '../dashboards/formatDay';
import { useCompanyCommand } from '../teams/useCompanyCommand';
import { type LeaveRequestToProcess, leaveApi } from './leaveApi';

export type LeaveAnswer = 'approve' | 'decline';

interface ProcessLeaveModalProps {
  companyId: string;
  /** The request to answer and how; null: closed. */
  processing: { request: LeaveRequestToProcess; answer: LeaveAnswer } | null;
  onClose: () => void;
}

/** Approving or declining a request, with a comment for the requester and the history. */
export function ProcessLeaveModal({ companyId, processing, onClose }: ProcessLeaveModalProps) {
  const approving = processing?.answer === 'approve';
  return (
    <Modal opened={processing !== null} onClose={onClose} title={approving ? 'Approve Leave' : 'Decline Leave'} centered>
      {processing && <ProcessForm companyId={companyId} {...processing} onClose={onClose} />}
    </Modal>
  );
}

function ProcessForm({ companyId, request, answer, onClose }: { companyId: string; request: LeaveRequestToProcess; answer: LeaveAnswer; onClose: () => void }) {
  const [comment, setComment] = useState('');
  const approving = answer === 'approve';
  const process = useCompanyCommand(
    companyId,
    () => (approving ? leaveApi.approve : leaveApi.decline)(companyId, request.requestId, comment.trim()),
    // Management §8's words for a failed answer.
    { errorTitle: approving ? 'Request approval error' : 'Error declining request', onDone: onClose },
  );
  return (
    <Stack>
      <Text size="sm">
        {request.requester.name} asks for {request.type} on {formatDay(request.leaveDate)}: “{request.comment}”
      </Text>
      <Textarea
        label="Comment"
        placeholder={DEFAULT_COMMENT}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={MAX_COMMENT_LENGTH}
        data-autofocus
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={process.isPending}>
          Cancel
        </Button>
        <Button color={approving ? 'teal' : 'red'} onClick={() => process.mutate(undefined)} loading={process.isPending}>
          {approving ? 'Approve' : 'Decline'}
        </Button>
      </Group>
    </Stack>
  );
}
