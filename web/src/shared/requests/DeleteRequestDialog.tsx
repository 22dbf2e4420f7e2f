import type { CommandAnswer } from '../commands/CommandAnswer';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useCompanyCommand } from '../commands/useCompanyCommand';

interface DeleteRequestDialogProps<Row> {
  companyId: string;
  title: string;
  /** The pending request to delete; null: closed. */
  request: Row | null;
  /** The question asked of that request. */
  question: (request: Row) => string;
  remove: (request: Row) => Promise<CommandAnswer>;
  onClose: () => void;
}

/** Asks before a requester deletes a pending request of theirs (its history stays). */
export function DeleteRequestDialog<Row>({ companyId, title, request, question, remove, onClose }: DeleteRequestDialogProps<Row>) {
  const removal = useCompanyCommand(companyId, remove, { errorTitle: 'Request deletion failed', onDone: onClose });
  return (
    <ConfirmDialog
      opened={request !== null}
      title={title}
      message={request ? question(request) : ''}
      confirmLabel="Delete"
      loading={removal.isPending}
      onConfirm={() => request && removal.mutate(request)}
      onClose={onClose}
    />
  );
}
