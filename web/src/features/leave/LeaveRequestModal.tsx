import { Alert, Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { LEAVE_TYPES, MAX_COMMENT_LENGTH, PAID_LEAVE } from '../../../../domain/leave/events.ts';
import { DEFAULT_COMMENT, leaveMessages } from '../../../../domain/leave/leave.ts';
import { useActiveTeam } from '../company/useActiveTeam';
import { useToday } from '../dashboards/useToday';
import { useCompanyCommand } from '../teams/useCompanyCommand';
import { type LeaveForm, type LeaveRequest, leaveApi } from './leaveApi';
import { leaveQueries } from './leaveQueries';
import { PaidLeaveNotice } from './PaidLeaveNotice';

interface LeaveRequestModalProps {
  companyId: string;
  opened: boolean;
  /** The pending request to change, or null to ask for a new one. */
  request: LeaveRequest | null;
  onClose: () => void;
}

/** The 'Add Request' and 'Edit Request' dialogs of /leave: a day, a kind of leave, a comment and the manager asked. */
export function LeaveRequestModal({ companyId, opened, request, onClose }: LeaveRequestModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={request ? 'Edit Leave Request' : 'Add Leave Request'} centered>
      {/* Mounted only while open, so every opening starts from the request as it is now. */}
      <LeaveRequestForm companyId={companyId} request={request} onClose={onClose} />
    </Modal>
  );
}

interface FormValues {
  leaveDate: string | null;
  type: string | null;
  comment: string;
  assigneeId: string | null;
}

function LeaveRequestForm({ companyId, request, onClose }: Omit<LeaveRequestModalProps, 'opened'>) {
  const today = useToday();
  const { activeTeam } = useActiveTeam();
  const assignees = useQuery({ ...leaveQueries.assignees(companyId, activeTeam?.teamId ?? ''), enabled: Boolean(activeTeam) });
  const form = useForm<FormValues>({
    initialValues: {
      leaveDate: request?.leaveDate ?? null,
      type: request?.type ?? null,
      comment: request?.comment ?? '',
      assigneeId: request?.assignee.userId ?? null,
    },
    // Management §5's messages; the server checks the same rules and more (past days, one request a day, the balance).
    validate: {
      leaveDate: (day) => (day ? null : leaveMessages.invalidDate),
      type: (type) => (type ? null : leaveMessages.chooseType),
      assigneeId: (assigneeId) => (assigneeId ? null : leaveMessages.chooseManager),
    },
  });
  const save = useCompanyCommand(
    companyId,
    (values: LeaveForm) => (request ? leaveApi.edit(companyId, request.requestId, changesOf(request, values)) : leaveApi.request(companyId, values)),
    { errorTitle: request ? 'Request update failed' : 'Request submission failed', onDone: onClose },
  );

  const choices = (assignees.data?.assignees ?? []).map((a) => ({ value: a.userId, label: `${a.name} (${a.role})` }));
  // A request sent to someone outside the active team still shows whom it was sent to.
  if (request && !choices.some((choice) => choice.value === request.assignee.userId)) choices.push({ value: request.assignee.userId, label: request.assignee.name });
  const { leaveDate, type } = form.values;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate({ leaveDate: values.leaveDate!, type: values.type!, comment: values.comment.trim(), assigneeId: values.assigneeId! }),
      )}
    >
      <Stack>
        <DatePickerInput
          label="Date"
          placeholder="Pick a day"
          withAsterisk
          valueFormat="ddd, MMM D, YYYY"
          minDate={today}
          data-autofocus
          {...form.getInputProps('leaveDate')}
        />
        <Select label="Type" placeholder="Choose a type" withAsterisk data={LEAVE_TYPES} allowDeselect={false} {...form.getInputProps('type')} />
        {type === PAID_LEAVE && leaveDate && <PaidLeaveNotice companyId={companyId} year={Number(leaveDate.slice(0, 4))} />}
        <Textarea label="Comment" placeholder={DEFAULT_COMMENT} autosize minRows={2} maxRows={6} maxLength={MAX_COMMENT_LENGTH} {...form.getInputProps('comment')} />
        <Select
          label="Manager"
          placeholder={activeTeam ? 'Choose a manager' : 'Choose a team first'}
          withAsterisk
          data={choices}
          allowDeselect={false}
          searchable
          nothingFoundMessage="No manager in this team"
          disabled={!activeTeam && !request}
          {...form.getInputProps('assigneeId')}
        />
        {assignees.isError && <Alert color="red">Unable to load the managers of your team. Please try again.</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {request ? 'Save' : 'Submit Request'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Only what the form changed: an edit records each change in the request's history. */
function changesOf(request: LeaveRequest, values: LeaveForm): Partial<LeaveForm> {
  const before: LeaveForm = { leaveDate: request.leaveDate, type: request.type, comment: request.comment, assigneeId: request.assignee.userId };
  return Object.fromEntries((Object.keys(values) as (keyof LeaveForm)[]).filter((field) => values[field] !== before[field]).map((field) => [field, values[field]]));
}
