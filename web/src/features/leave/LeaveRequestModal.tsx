import { Modal, Select, Stack, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { LEAVE_TYPES, PAID_LEAVE } from '../../../../domain/leave/choices.ts';
import { MAX_COMMENT_LENGTH } from '../../../../domain/shared/request-limits.ts';
import { DEFAULT_COMMENT, leaveMessages } from '../../../../domain/leave/leave.ts';
import { useActiveTeam } from '../../shared/company/useActiveTeam';
import { useToday } from '../../shared/dashboards/useToday';
import { AssigneeSelect } from '../../shared/requests/AssigneeSelect';
import { RequestFormButtons } from '../../shared/requests/RequestFormButtons';
import type { RequestFormModalProps } from '../../shared/requests/RequestFormModalProps';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import { type LeaveForm, type LeaveRequest, leaveApi } from './leaveApi';
import { PaidLeaveNotice } from './PaidLeaveNotice';

/** The 'Add Request' and 'Edit Request' dialogs of /leave: a day, a kind of leave, a comment and the manager asked. */
export function LeaveRequestModal({ opened, ...props }: RequestFormModalProps<LeaveRequest>) {
  return (
    <Modal opened={opened} onClose={props.onClose} title={props.request ? 'Edit Leave Request' : 'Add Leave Request'} centered>
      {/* Mounted only while open, so every opening starts from the request as it is now. */}
      <LeaveRequestForm {...props} />
    </Modal>
  );
}

interface FormValues {
  leaveDate: string | null;
  type: string | null;
  comment: string;
  assigneeId: string | null;
}

function LeaveRequestForm({ companyId, request, onClose }: Omit<RequestFormModalProps<LeaveRequest>, 'opened'>) {
  const today = useToday();
  const { activeTeam } = useActiveTeam();
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
        <AssigneeSelect
          companyId={companyId}
          teamId={activeTeam?.teamId ?? null}
          current={request?.assignee ?? null}
          disabled={!activeTeam && !request}
          field={form.getInputProps('assigneeId')}
        />
        <RequestFormButtons editing={request !== null} saving={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Only what the form changed: an edit records each change in the request's history. */
function changesOf(request: LeaveRequest, values: LeaveForm): Partial<LeaveForm> {
  const before: LeaveForm = { leaveDate: request.leaveDate, type: request.type, comment: request.comment, assigneeId: request.assignee.userId };
  return Object.fromEntries((Object.keys(values) as (keyof LeaveForm)[]).filter((field) => values[field] !== before[field]).map((field) => [field, values[field]]));
}
