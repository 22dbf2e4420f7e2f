import { Button, Modal, SimpleGrid, Text } from '@mantine/core';
import { MAX_COMMENT_LENGTH } from '../../../../domain/shared/request-limits.ts';
import { formatDay } from '../../shared/format/formatDay';
import { ProcessRequestForm } from '../../shared/requests/ProcessRequestForm';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
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
  // Management §8's words for a failed answer.
  const approve = useCompanyCommand(companyId, (comment: string) => regularizationApi.approve(companyId, request.requestId, comment), { errorTitle: 'Request approval error', onDone: onClose });
  const decline = useCompanyCommand(companyId, (comment: string) => regularizationApi.decline(companyId, request.requestId, comment), { errorTitle: 'Error declining request', onDone: onClose });
  return (
    <ProcessRequestForm
      placeholder="A word for the requester (optional)"
      maxCommentLength={MAX_COMMENT_LENGTH}
      busy={approve.isPending || decline.isPending}
      onCancel={onClose}
      answers={(comment) => (
        <>
          <Button color="red" variant="light" onClick={() => decline.mutate(comment)} loading={decline.isPending} disabled={approve.isPending}>
            Decline
          </Button>
          <Button color="teal" onClick={() => approve.mutate(comment)} loading={approve.isPending} disabled={decline.isPending}>
            Approve
          </Button>
        </>
      )}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Detail label="Employee">{request.requester.name}</Detail>
        <Detail label="Date">{formatDay(request.date)}</Detail>
        <Detail label="Time">{requestTime(request)}</Detail>
        <Detail label="Project">{request.project.name}</Detail>
        <Detail label="Task">{`${request.task.taskId} ${request.task.name}`}</Detail>
        <Detail label="Task details">{request.taskDetails || '—'}</Detail>
      </SimpleGrid>
    </ProcessRequestForm>
  );
}
