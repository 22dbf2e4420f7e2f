import { Button, Divider, Grid, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { taskMessages } from '../../../../domain/tasks/task.ts';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import { projectsQueryOptions } from '../../shared/projects/projectsQueryOptions';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { assigneesQueryOptions } from './assigneesQueryOptions';
import { isRichTextEmpty } from './richText';
import { RichTextField } from './RichTextField';
import type { Task, TaskFields } from './Task';
import { TaskHistoryModal } from './TaskHistoryModal';
import { priorityOptions, statusOptions } from './taskOptions';
import { TaskStatusBadge } from '../../shared/tasks/TaskStatusBadge';
import { tasksApi, UPLOAD_FAILED } from './tasksApi';
import { useRichTextEditor } from './useRichTextEditor';
import { PageTitle } from '../../shared/ui/PageTitle';

interface TaskEditorProps {
  companyId: string;
  task: Task;
  /** Admins, Heads and Managers edit; the assignee and Clients read. */
  canManage: boolean;
}

type Values = Omit<TaskFields, 'eta'> & { eta: string };

/** The task page checks these in this order, as the server does (management §5). */
const REQUIRED: [keyof Values, string][] = [
  ['title', 'Title'],
  ['description', 'Description'],
  ['assigneeId', 'Assignee'],
  ['status', 'Status'],
  ['priority', 'Priority'],
];

const valuesOf = (task: Task): Values => ({
  title: task.title,
  description: task.description,
  status: task.status,
  priority: task.priority,
  eta: task.eta ?? '',
  assigneeId: task.assignee.userId,
  projectId: task.projectId,
});

const changedFields = (values: Values, from: Values) => (Object.keys(from) as (keyof Values)[]).filter((field) => values[field] !== from[field]);

const isBlank = (field: keyof Values, value: string) => (field === 'description' ? isRichTextEmpty(value) : value.trim() === '');

/** The task's fields with Save (only what changed), Delete and History. */
export function TaskEditor({ companyId, task, canManage }: TaskEditorProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const projects = useQuery(projectsQueryOptions(companyId));
  const assignees = useQuery({ ...assigneesQueryOptions(companyId), enabled: canManage });
  // What the user started from: only fields that differ from it are sent, so a field someone else changed meanwhile is not overwritten.
  const [baseline, setBaseline] = useState(() => valuesOf(task));
  const [historyOpened, setHistoryOpened] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const form = useForm<Values>({ initialValues: baseline });

  const editor = useRichTextEditor({
    ariaLabel: 'Summary',
    content: task.description,
    editable: canManage,
    onChange: (html) => {
      form.setFieldValue('description', html);
      form.clearFieldError('description');
    },
    uploadImage: async (file) => (await tasksApi.uploadImage(companyId, task.taskId, file)).url,
    onUploadError: (error) => {
      const message = errorMessage(error);
      notify.error(message, message === UPLOAD_FAILED ? undefined : UPLOAD_FAILED);
    },
  });

  const changes = changedFields(form.values, baseline);

  const save = useMutation({
    mutationFn: ({ patch }: { patch: Partial<TaskFields>; values: Values }) => tasksApi.update(companyId, task.taskId, patch),
    onSuccess: async ({ message }, { values }) => {
      notify.success(message);
      setBaseline(values);
      await queryClient.invalidateQueries({ queryKey: ['company', companyId] });
    },
    onError: (error) => notify.error(errorMessage(error), 'Task update failed'),
  });

  const deleteTask = useMutation({
    mutationFn: () => tasksApi.remove(companyId, task.taskId),
    onSuccess: async ({ message }) => {
      notify.success(message);
      // Leave first, so the deleted task is not fetched again.
      await navigate({ to: '/manage-tasks' });
      await queryClient.invalidateQueries({ queryKey: ['company', companyId] });
    },
    onError: (error) => notify.error(errorMessage(error), 'Task deletion failed'),
  });

  const onSubmit = form.onSubmit((values) => {
    const missing = REQUIRED.find(([field]) => isBlank(field, values[field]));
    if (missing) {
      const message = taskMessages.fieldRequired(missing[1]);
      form.setFieldError(missing[0], message);
      notify.error(message, 'Task update failed');
      return;
    }
    const patch: Partial<TaskFields> = Object.fromEntries(changedFields(values, baseline).map((field) => [field, values[field]]));
    if ('eta' in patch) patch.eta = values.eta || null;
    save.mutate({ patch, values });
  });

  const projectOptions = useMemo(() => {
    const options = (projects.data ?? []).map((p) => ({ value: p.projectId, label: p.name }));
    return options.some((o) => o.value === task.projectId) ? options : [{ value: task.projectId, label: task.projectName }, ...options];
  }, [projects.data, task.projectId, task.projectName]);
  const assigneeOptions = useMemo(() => {
    const options = (assignees.data ?? []).map((a) => ({ value: a.userId, label: a.name || a.email }));
    // Someone no longer in a team stays shown as the current assignee until the task is reassigned.
    if (!options.some((o) => o.value === task.assignee.userId)) {
      options.unshift({ value: task.assignee.userId, label: task.assignee.name || 'Former member' });
    }
    return options;
  }, [assignees.data, task.assignee.userId, task.assignee.name]);
  const historyNames = useMemo(
    () => ({
      people: new Map([[task.assignee.userId, task.assignee.name || 'a former member'], ...(assignees.data ?? []).map((a) => [a.userId, a.name] as const)]),
      projects: new Map([[task.projectId, task.projectName], ...(projects.data ?? []).map((p) => [p.projectId, p.name] as const)]),
    }),
    [assignees.data, projects.data, task],
  );

  return (
    <>
      <form noValidate onSubmit={onSubmit}>
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="md" p="lg">
              <Stack>
                {/* On a phone History and Delete go under the task id. */}
                <Group justify="space-between" gap="sm">
                  <Group gap="sm" wrap="nowrap">
                    <PageTitle style={{ whiteSpace: 'nowrap' }}>{task.taskId}</PageTitle>
                    <TaskStatusBadge status={task.status} />
                  </Group>
                  {canManage && (
                    <Group gap="xs" wrap="nowrap">
                      <Button variant="default" onClick={() => setHistoryOpened(true)}>
                        History
                      </Button>
                      <Button variant="light" color="red" onClick={() => setConfirmingDelete(true)}>
                        Delete
                      </Button>
                    </Group>
                  )}
                </Group>
                {!canManage && (
                  <Text size="sm" c="dimmed">
                    Managers and Admins edit this task.
                  </Text>
                )}
                <TextInput label="Title" withAsterisk={canManage} maxLength={300} readOnly={!canManage} {...form.getInputProps('title')} />
                <RichTextField editor={editor} label="Summary" required={canManage} error={form.errors.description} withImageUpload={canManage} minHeight={220} />
              </Stack>
            </Paper>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="md" p="lg">
              <Stack>
                <Title order={4}>Details</Title>
                <Select label="Project" data={projectOptions} allowDeselect={false} searchable readOnly={!canManage} {...form.getInputProps('projectId')} />
                <Select label="Status" withAsterisk={canManage} data={statusOptions} allowDeselect={false} readOnly={!canManage} {...form.getInputProps('status')} />
                <Select label="Priority" withAsterisk={canManage} data={priorityOptions} allowDeselect={false} readOnly={!canManage} {...form.getInputProps('priority')} />
                <TextInput label="ETA" type="date" readOnly={!canManage} {...form.getInputProps('eta')} />
                <Select
                  label="Assignee"
                  withAsterisk={canManage}
                  data={assigneeOptions}
                  allowDeselect={false}
                  searchable
                  nothingFoundMessage="No one found"
                  readOnly={!canManage}
                  {...form.getInputProps('assigneeId')}
                />
                <Divider />
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    Created {new Date(task.createdAt).toLocaleString()}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Updated {new Date(task.updatedAt).toLocaleString()}
                  </Text>
                </Stack>
                {canManage && (
                  <Button type="submit" loading={save.isPending} disabled={changes.length === 0} fullWidth>
                    {changes.length === 0 ? 'No changes to save' : 'Save'}
                  </Button>
                )}
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </form>

      {canManage && (
        <TaskHistoryModal
          companyId={companyId}
          taskId={task.taskId}
          opened={historyOpened}
          onClose={() => setHistoryOpened(false)}
          names={historyNames}
        />
      )}
      <ConfirmDialog
        opened={confirmingDelete}
        title="Delete Task"
        message={`Delete ${task.taskId} "${task.title}"? It leaves every list; its history is kept.`}
        confirmLabel="Delete"
        loading={deleteTask.isPending}
        onConfirm={() => deleteTask.mutate()}
        onClose={() => setConfirmingDelete(false)}
      />
    </>
  );
}
