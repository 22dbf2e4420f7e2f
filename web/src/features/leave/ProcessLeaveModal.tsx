import { Button, Modal, Text } from '@mantine/core';
import { MAX_COMMENT_LENGTH } from '../../../../domain/shared/request-limits.ts';
import { DEFAULT_COMMENT } from '../../../../domain/leave/leave.ts';
import { formatDay } from '../../shared/format/formatDay';
import { ProcessRequestForm } from '../../shared/requests/ProcessRequestForm';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
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
  const approving = answer === 'approve';
  const process = useCompanyCommand(
    companyId,
    (comment: string) => (approving ? leaveApi.approve : leaveApi.decline)(companyId, request.requestId, comment),
    // Management §8's words for a failed answer.
    { errorTitle: approving ? 'Request approval error' : 'Error declining request', onDone: onClose },
  );
  return (
    <ProcessRequestForm
      placeholder={DEFAULT_COMMENT}
      maxCommentLength={MAX_COMMENT_LENGTH}
      busy={process.isPending}
      onCancel={onClose}
      answers={(comment) => (
        <Button color={approving ? 'teal' : 'red'} onClick={() => process.mutate(comment)} loading={process.isPending}>
          {approving ? 'Approve' : 'Decline'}
        </Button>
      )}
    >
      <Text size="sm">
        {request.requester.name} asks for {request.type} on {formatDay(request.leaveDate)}: “{request.comment}”
      </Text>
    </ProcessRequestForm>
  );
}
