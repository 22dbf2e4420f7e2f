import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { TimerClock } from './TimerClock';
import type { TimerSession } from './TimerStatus';
import { useOneActionAtATime } from './useOneActionAtATime';
import { useTimerCommands } from './useTimerCommands';

interface CancelTimerDialogProps {
  companyId: string;
  /** The running session to discard; null closes the dialog. */
  session: TimerSession | null;
  onClose: () => void;
}

/** Cancel Timer throws the running session away: ask first, saying how much tracked time goes with it. */
export function CancelTimerDialog({ companyId, session, onClose }: CancelTimerDialogProps) {
  const commands = useTimerCommands(companyId);
  const act = useOneActionAtATime();
  return (
    <ConfirmDialog
      opened={session !== null}
      title="Cancel Timer"
      message={
        <>
          Discard <TimerClock startedAt={session?.startedAt ?? null} /> of tracked time? It will not be saved.
        </>
      }
      confirmLabel="Discard"
      dismissLabel="Keep Tracking"
      loading={commands.cancel.isPending}
      onConfirm={() => act((key) => commands.cancel.mutateAsync({ key, input: undefined }).finally(onClose))}
      onClose={onClose}
    />
  );
}
