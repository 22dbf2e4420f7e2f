import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_NOTE_LENGTH } from '../../../../domain/timesheets/limits.ts';
import { timesheetMessages } from '../../../../domain/timesheets/timesheet.ts';

interface ReasonModalProps {
  /** What is asked, e.g. "Reject Ana Apollo's timesheet"; null while closed. */
  title: string | null;
  explanation: string;
  confirmLabel: string;
  saving: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks for the reason (required) of a rejection or a reopening. */
export function ReasonModal({ title, ...props }: ReasonModalProps) {
  return (
    <Modal opened={title !== null} onClose={props.onClose} title={title} centered>
      <ReasonForm {...props} />
    </Modal>
  );
}

function ReasonForm({ explanation, confirmLabel, saving, onConfirm, onClose }: Omit<ReasonModalProps, 'title'>) {
  const form = useForm({ initialValues: { reason: '' }, validate: { reason: (reason) => (reason.trim() ? null : timesheetMessages.reasonRequired) } });
  return (
    <form onSubmit={form.onSubmit(({ reason }) => onConfirm(reason.trim()))}>
      <Stack>
        <Text size="sm">{explanation}</Text>
        <Textarea label="Reason" withAsterisk autosize minRows={2} maxLength={MAX_NOTE_LENGTH} data-autofocus {...form.getInputProps('reason')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={saving}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
