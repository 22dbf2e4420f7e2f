import { Alert, Modal, NumberInput, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { MAX_TASK_DETAILS_LENGTH } from '../../../../domain/regularization/limits.ts';
import { regularizationMessages } from '../../../../domain/regularization/regularization.ts';
import { FIRST_YEAR } from '../../../../domain/shared/calendar-day.ts';
import { clockText } from '../../../../domain/regularization/time-text.ts';
import { useActiveTeam } from '../../shared/company/useActiveTeam';
import { useToday } from '../../shared/dashboards/useToday';
import { projectsQueryOptions } from '../../shared/projects/projectsQueryOptions';
import { AssigneeSelect } from '../../shared/requests/AssigneeSelect';
import { RequestFormButtons } from '../../shared/requests/RequestFormButtons';
import type { RequestFormModalProps } from '../../shared/requests/RequestFormModalProps';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import { myTasksQueryOptions } from '../../shared/time-tracking/myTasksQueryOptions';
import { type RegularizationForm, type RegularizationRequest, regularizationApi } from './regularizationApi';
import { requestTime } from './requestTime';

/** The 'Regularization Form' of /regularization (management §2): time one could not track, and the manager asked to approve it. */
export function RegularizationFormModal({ opened, ...props }: RequestFormModalProps<RegularizationRequest>) {
  return (
    <Modal opened={opened} onClose={props.onClose} title="Regularization Form" size="lg" centered>
      {/* Mounted only while open, so every opening starts from the request as it is now. */}
      <RequestForm {...props} />
    </Modal>
  );
}

interface FormValues {
  date: string | null;
  /** "HH:mm", or '' while none is typed. */
  startTime: string;
  durationHours: number | string;
  durationMinutes: number | string;
  projectId: string | null;
  taskId: string | null;
  taskDetails: string;
  assigneeId: string | null;
}

const START_TIME = /^(\d{2}):(\d{2})$/;
const whole = (value: number | string) => (typeof value === 'number' ? value : Number(value) || 0);

function RequestForm({ companyId, request, onClose }: Omit<RequestFormModalProps<RegularizationRequest>, 'opened'>) {
  const today = useToday();
  const { activeTeam } = useActiveTeam();
  // A request stays with the team it was made in; a new one goes to the active team.
  const teamId = request?.teamId ?? activeTeam?.teamId ?? null;
  const form = useForm<FormValues>({
    initialValues: {
      date: request?.date ?? today,
      startTime: request ? clockText(request.startMinute) : '',
      durationHours: request ? Math.floor(request.durationMinutes / 60) : 1,
      durationMinutes: request ? request.durationMinutes % 60 : 0,
      projectId: request?.project.projectId ?? null,
      taskId: request?.task.taskId ?? null,
      taskDetails: request?.taskDetails ?? '',
      assigneeId: request?.assignee.userId ?? null,
    },
    // Management §5's messages, in its order; the server checks the same rules and the time ones.
    validate: {
      date: (date) => (date ? null : regularizationMessages.invalidDate),
      projectId: (projectId) => (projectId ? null : regularizationMessages.chooseProject),
      taskId: (taskId) => (taskId ? null : regularizationMessages.chooseTask),
      assigneeId: (assigneeId) => (assigneeId ? null : regularizationMessages.chooseManager),
      startTime: (time) => (START_TIME.test(time) ? null : regularizationMessages.chooseStartTime),
      durationMinutes: (minutes, values) => (whole(values.durationHours) * 60 + whole(minutes) >= 1 ? null : regularizationMessages.tooShort),
    },
  });
  const { projectId } = form.values;
  const projects = useQuery(projectsQueryOptions(companyId));
  const tasks = useQuery({ ...myTasksQueryOptions(companyId, projectId ?? ''), enabled: projectId !== null });
  const save = useCompanyCommand(
    companyId,
    (values: RegularizationForm) => (request ? regularizationApi.edit(companyId, request.requestId, values) : regularizationApi.submit(companyId, teamId ?? '', values)),
    // Management §8's words for a failed request.
    { errorTitle: request ? 'Request update failed' : 'Request submission failed', onDone: onClose },
  );

  const projectChoices = (projects.data ?? []).map((p) => ({ value: p.projectId, label: p.name }));
  const taskChoices = (tasks.data ?? []).map((t) => ({ value: t.taskId, label: `${t.taskId} ${t.title}` }));
  // The request's task stays shown, even when no longer offered (a task since done).
  if (request && projectId === request.project.projectId && !taskChoices.some((c) => c.value === request.task.taskId)) {
    taskChoices.push({ value: request.task.taskId, label: `${request.task.taskId} ${request.task.name}` });
  }

  const start = START_TIME.exec(form.values.startTime);
  const durationMinutes = whole(form.values.durationHours) * 60 + whole(form.values.durationMinutes);
  const startMinute = start ? Number(start[1]) * 60 + Number(start[2]) : null;

  const submit = (values: FormValues) => {
    const [hours, minutes] = values.startTime.split(':').map(Number);
    save.mutate({
      date: values.date!,
      startHours: hours,
      startMinutes: minutes,
      durationHours: whole(values.durationHours),
      durationMinutes: whole(values.durationMinutes),
      projectId: values.projectId!,
      taskId: values.taskId!,
      taskDetails: values.taskDetails.trim(),
      assigneeId: values.assigneeId!,
    });
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        {!teamId && <Alert color="yellow">{regularizationMessages.chooseTeam}</Alert>}
        <DatePickerInput
          label="Date"
          placeholder="Pick a day"
          withAsterisk
          valueFormat="ddd, MMM D, YYYY"
          minDate={`${FIRST_YEAR}-01-01`}
          maxDate={today}
          data-autofocus
          {...form.getInputProps('date')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TimeInput label="Start time" withAsterisk {...form.getInputProps('startTime')} />
          <NumberInput label="Duration hours" min={0} max={24} allowDecimal={false} allowNegative={false} clampBehavior="strict" {...form.getInputProps('durationHours')} />
          <NumberInput label="Duration minutes" min={0} max={60} allowDecimal={false} allowNegative={false} clampBehavior="strict" {...form.getInputProps('durationMinutes')} />
        </SimpleGrid>
        {startMinute !== null && durationMinutes >= 1 && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {requestTime({ startMinute, durationMinutes })}
          </Text>
        )}
        <Select
          label="Project"
          placeholder={projects.isPending ? 'Loading projects…' : 'Choose a project'}
          withAsterisk
          data={projectChoices}
          allowDeselect={false}
          searchable
          nothingFoundMessage="No matching project"
          {...form.getInputProps('projectId')}
          onChange={(value) => form.setValues({ projectId: value, taskId: null })}
        />
        <Select
          label="Task"
          placeholder={projectId === null ? 'Choose a project first' : tasks.isPending ? 'Loading tasks…' : taskChoices.length === 0 ? 'No tasks of yours in this project' : 'Choose a task'}
          withAsterisk
          data={taskChoices}
          allowDeselect={false}
          searchable
          nothingFoundMessage="No matching task"
          disabled={projectId === null}
          {...form.getInputProps('taskId')}
        />
        <Textarea label="Task details" placeholder="What did you work on? (optional)" autosize minRows={2} maxRows={6} maxLength={MAX_TASK_DETAILS_LENGTH} {...form.getInputProps('taskDetails')} />
        <AssigneeSelect companyId={companyId} teamId={teamId} current={request?.assignee ?? null} disabled={!teamId} field={form.getInputProps('assigneeId')} />
        <RequestFormButtons editing={request !== null} saving={save.isPending} disabled={!teamId} onCancel={onClose} />
      </Stack>
    </form>
  );
}
