import { Alert, Button, Grid, Group, Paper, Select, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { canManageProjects } from '../../../../domain/projects/project.ts';
import { taskMessages } from '../../../../domain/tasks/task.ts';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { projectsQueryOptions } from '../../shared/projects/projectsQueryOptions';
import { teamsQueryOptions } from '../../shared/teams/teamsQueryOptions';
import { isRichTextEmpty } from './richText';
import { RichTextField } from './RichTextField';
import type { TaskFields } from './Task';
import { priorityOptions, statusOptions } from './taskOptions';
import { taskPageParams } from '../../shared/tasks/taskPageParams';
import { tasksApi } from './tasksApi';
import { useRichTextEditor } from './useRichTextEditor';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { PageTitle } from '../../shared/ui/PageTitle';

interface AddTaskPageProps {
  /** Preselected project (the projects page opens this page with ?projectId=). */
  projectId?: string;
}

/** /add-task: the task form; a new task opens on its own page (management §2, §5). */
export function AddTaskPage({ projectId }: AddTaskPageProps) {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title="Add Task" noCompanyText="Please create a company first to create a project!" />;
  if (!canManageProjects(company.role)) {
    return (
      <Alert color="red" title="You do not have access to this page">
        Only Admins, Heads and Managers add tasks.
      </Alert>
    );
  }
  return <AddTaskForm companyId={company.companyId} projectId={projectId} />;
}

interface TaskFormValues {
  projectId: string | null;
  title: string;
  description: string;
  status: string | null;
  priority: string | null;
  eta: string;
  teamId: string | null;
  assigneeId: string | null;
}

function AddTaskForm({ companyId, projectId }: { companyId: string; projectId?: string }) {
  const projects = useQuery(projectsQueryOptions(companyId));
  const teams = useQuery(teamsQueryOptions(companyId));
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const form = useForm<TaskFormValues>({
    initialValues: { projectId: projectId ?? null, title: '', description: '', status: null, priority: null, eta: '', teamId: null, assigneeId: null },
    validate: {
      projectId: (value) => (value ? null : 'Please select a project'),
      title: (value) => (value.trim() ? null : taskMessages.required),
      description: (value) => (isRichTextEmpty(value) ? taskMessages.required : null),
      status: (value) => (value ? null : taskMessages.selectStatus),
      priority: (value) => (value ? null : taskMessages.selectPriority),
      teamId: (value) => (value ? null : 'Please select a team'),
      assigneeId: (value) => (value ? null : taskMessages.selectAssignee),
    },
  });
  const editor = useRichTextEditor({ ariaLabel: 'Summary', content: '', onChange: (html) => form.setFieldValue('description', html) });

  const submit = useMutation({
    mutationFn: (fields: TaskFields) => tasksApi.create(companyId, fields),
    onSuccess: ({ message, taskId, projectName }) => {
      notify.success(message);
      void queryClient.invalidateQueries({ queryKey: ['company', companyId] });
      void navigate({ to: '/$projectName/$taskId', params: taskPageParams(projectName, taskId) });
    },
    onError: (error) => notify.error(errorMessage(error), 'Task submission failed'),
  });

  const team = teams.data?.find((t) => t.teamId === form.values.teamId);
  const teamMembers = [...(team?.members ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  // A preselected project that is gone (deleted, or another company's) is not offered.
  const projectOptions = (projects.data ?? []).map((p) => ({ value: p.projectId, label: p.name }));

  const onSubmit = form.onSubmit((values) =>
    submit.mutate({
      projectId: values.projectId!,
      title: values.title.trim(),
      description: values.description,
      status: values.status!,
      priority: values.priority!,
      eta: values.eta || null,
      assigneeId: values.assigneeId!,
    }),
  );

  const loadError = projects.error ?? teams.error;
  if (loadError) {
    return (
      <LoadFailedAlert error={loadError} />
    );
  }

  if (!projects.data || !teams.data) {
    return (
      <Stack gap="lg">
        <PageTitle>Add Task</PageTitle>
        <Paper withBorder radius="md" p="lg">
          <Stack aria-label="Loading the task form">
            <Skeleton h={56} />
            <Skeleton h={200} />
            <Skeleton h={56} />
            <Skeleton h={56} />
          </Stack>
        </Paper>
      </Stack>
    );
  }
  const teamList = teams.data;

  return (
    <Stack gap="lg">
      <PageTitle>Add Task</PageTitle>
      <Paper withBorder radius="md" p="lg">
        {projects.data.length === 0 ? (
          <Stack align="center" py="xl">
            <Title order={4} c="dimmed" fw={500}>
              No projects found. Please create some projects first.
            </Title>
            <Button variant="light" renderRoot={(props) => <Link to="/project" {...props} />}>
              Go to Projects
            </Button>
          </Stack>
        ) : (
          <form noValidate onSubmit={onSubmit}>
            <Stack>
              <Grid>
                <Grid.Col span={{ base: 12, md: 4 }}>
                  <Select
                    label="Project"
                    placeholder="Select a project"
                    withAsterisk
                    searchable
                    data={projectOptions}
                    allowDeselect={false}
                    {...form.getInputProps('projectId')}
                    value={projectOptions.some((o) => o.value === form.values.projectId) ? form.values.projectId : null}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 8 }}>
                  <TextInput label="Task" placeholder="What needs doing" withAsterisk maxLength={300} {...form.getInputProps('title')} />
                </Grid.Col>
              </Grid>

              <RichTextField editor={editor} label="Summary" required error={form.errors.description} minHeight={200} />

              <Grid>
                <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                  <Select label="Status" placeholder="Select status" withAsterisk data={statusOptions} allowDeselect={false} {...form.getInputProps('status')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                  <Select label="Priority" placeholder="Select priority" withAsterisk data={priorityOptions} allowDeselect={false} {...form.getInputProps('priority')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                  <TextInput label="ETA" type="date" {...form.getInputProps('eta')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 6 }}>
                  <Select
                    label="Team"
                    placeholder={teamList.length === 0 ? 'No teams yet' : 'Select a team'}
                    withAsterisk
                    searchable
                    allowDeselect={false}
                    nothingFoundMessage="No teams found"
                    data={teamList.map((t) => ({ value: t.teamId, label: t.teamName }))}
                    {...form.getInputProps('teamId')}
                    onChange={(teamId) => {
                      form.setFieldValue('teamId', teamId);
                      const next = teamList.find((t) => t.teamId === teamId);
                      // The assignee is one of the chosen team's members.
                      if (!next?.members.some((m) => m.userId === form.values.assigneeId)) form.setFieldValue('assigneeId', null);
                    }}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <Select
                    label="Assignee"
                    placeholder={team ? (teamMembers.length === 0 ? 'This team has no members' : 'Select an assignee') : 'Select a team first'}
                    withAsterisk
                    searchable
                    allowDeselect={false}
                    disabled={!team || teamMembers.length === 0}
                    nothingFoundMessage="No members found"
                    data={teamMembers.map((m) => ({ value: m.userId, label: m.name || m.email }))}
                    {...form.getInputProps('assigneeId')}
                  />
                </Grid.Col>
              </Grid>

              <Group justify="flex-end">
                <Button type="submit" loading={submit.isPending}>
                  Submit Task
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    </Stack>
  );
}
