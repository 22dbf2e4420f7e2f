import { Anchor, Breadcrumbs, Button, EmptyState, Grid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { canManageProjects } from '../../../../domain/projects/project.ts';
import { ApiError } from '../../lib/ApiError';
import { useActiveCompany } from '../company/useActiveCompany';
import { EmptyPage } from '../layout/EmptyPage';
import { isCompanyGone } from '../teams/isCompanyGone';
import { useLeaveLostCompany } from '../teams/useLeaveLostCompany';
import { TaskComments } from './TaskComments';
import { TaskEditor } from './TaskEditor';
import { taskPageParams } from './taskPageParams';
import { taskQueryOptions } from './taskQueryOptions';
import { LoadFailedAlert } from '../layout/LoadFailedAlert';

interface TaskPageProps {
  projectName: string;
  taskId: string;
}

/** /{projectName}/{taskId}: edit a task, its comments and its history (management §2). */
export function TaskPage({ projectName, taskId }: TaskPageProps) {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={taskId} />;
  return <TaskOfCompany companyId={company.companyId} canManage={canManageProjects(company.role)} projectName={projectName} taskId={taskId} />;
}

function TaskOfCompany({ companyId, canManage, projectName, taskId }: TaskPageProps & { companyId: string; canManage: boolean }) {
  const task = useQuery(taskQueryOptions(companyId, taskId));
  const navigate = useNavigate();
  const leaveLostCompany = useLeaveLostCompany();

  useEffect(() => {
    if (isCompanyGone(task.error)) leaveLostCompany();
  }, [task.error, leaveLostCompany]);

  // The path carries the project's name: after a rename or a move, show the current one.
  const currentName = task.data ? taskPageParams(task.data.projectName, taskId).projectName : null;
  useEffect(() => {
    if (currentName && currentName !== projectName) {
      void navigate({ to: '/$projectName/$taskId', params: { projectName: currentName, taskId }, replace: true });
    }
  }, [currentName, projectName, taskId, navigate]);

  if (task.isPending) {
    return (
      <Stack gap="lg" aria-label="Loading the task">
        <Skeleton h={36} w={320} />
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Skeleton h={360} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Skeleton h={360} />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  }

  if (task.isError) {
    if (task.error instanceof ApiError && task.error.status === 404) {
      return (
        <EmptyState title="Task not found" description={`There is no task ${taskId}; it may have been deleted.`} py="xl">
          <EmptyState.Actions>
            <Button variant="light" renderRoot={(props) => <Link to="/manage-tasks" {...props} />}>
              Go to Tasks
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      );
    }
    return (
      <LoadFailedAlert error={task.error} />
    );
  }

  return (
    <Stack gap="lg">
      <Breadcrumbs separator="›" fz="sm">
        <Anchor size="sm" renderRoot={(props) => <Link to="/project" {...props} />}>
          Projects
        </Anchor>
        <Text size="sm">{task.data.projectName}</Text>
        <Text size="sm" c="dimmed">
          {task.data.taskId}
        </Text>
      </Breadcrumbs>
      {/* Keyed by the task: the form starts from the task as loaded and is not reset by later refetches. */}
      <TaskEditor key={task.data.taskId} companyId={companyId} task={task.data} canManage={canManage} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <TaskComments companyId={companyId} task={task.data} canManage={canManage} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
