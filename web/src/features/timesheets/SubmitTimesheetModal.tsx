import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_NOTE_LENGTH } from '../../../../domain/timesheets/limits.ts';
import { periodLabel, timesheetMessages } from '../../../../domain/timesheets/timesheet.ts';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import { useActiveTeam } from '../../shared/company/useActiveTeam';
import { formatDuration } from '../../shared/format/formatDuration';
import { AssigneeSelect } from '../../shared/requests/AssigneeSelect';
import { type TimesheetSheet, timesheetsApi } from './timesheetsApi';

interface SubmitTimesheetModalProps {
  companyId: string;
  sheet: TimesheetSheet;
  opened: boolean;
  onClose: () => void;
}

/** 'Submit': one's own period, to an approver of one's team, with an optional note. */
export function SubmitTimesheetModal({ opened, ...props }: SubmitTimesheetModalProps) {
  return (
    <Modal opened={opened} onClose={props.onClose} title="Submit timesheet" centered>
      {/* Mounted only while open: every opening starts afresh. */}
      <SubmitForm {...props} />
    </Modal>
  );
}

function SubmitForm({ companyId, sheet, onClose }: Omit<SubmitTimesheetModalProps, 'opened'>) {
  const { activeTeam } = useActiveTeam();
  const form = useForm<{ approverId: string | null; note: string }>({
    initialValues: { approverId: sheet.approver?.userId ?? null, note: '' },
    validate: {
      approverId: (approverId) => (approverId ? null : timesheetMessages.chooseApprover),
      note: (note) => (note.length > MAX_NOTE_LENGTH ? `At most ${MAX_NOTE_LENGTH} characters.` : null),
    },
  });
  const submit = useCompanyCommand(companyId, (values: { approverId: string; note: string }) => timesheetsApi.submit(companyId, sheet.period.start, values), {
    errorTitle: 'Timesheet not submitted',
    onDone: onClose,
  });
  return (
    <form onSubmit={form.onSubmit((values) => submit.mutate({ approverId: values.approverId!, note: values.note.trim() }))}>
      <Stack>
        <Text size="sm">
          {periodLabel(sheet.period)}: {formatDuration(sheet.totals.trackedMinutes)} tracked, of which {formatDuration(sheet.totals.manualMinutes)} manual.
        </Text>
        <AssigneeSelect
          companyId={companyId}
          teamId={activeTeam?.teamId ?? null}
          current={sheet.approver}
          disabled={submit.isPending}
          field={form.getInputProps('approverId')}
          label="Approver"
        />
        <Textarea label="Note (optional)" autosize minRows={2} maxLength={MAX_NOTE_LENGTH} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submit.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={submit.isPending}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
