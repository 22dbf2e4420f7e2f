import { Anchor, Breadcrumbs, Button, EmptyState, Grid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isAllowed } from '../../../../domain/members/authorization.ts';
import { canManageProjects } from '../../../../domain/projects/project.ts';
import { ApiError } from '../../lib/ApiError';
import { useProfile } from '../../shared/identity/useProfile';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { canOpen } from '../../shared/access/canOpen';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { PageTitle } from '../../shared/ui/PageTitle';
import { isCompanyGone } from '../../shared/commands/isCompanyGone';
import { useLeaveLostCompany } from '../../shared/commands/useLeaveLostCompany';
import { TaskComments } from './TaskComments';
import { TaskEditor } from './TaskEditor';
import { taskPageParams } from '../../shared/tasks/taskPageParams';
import { taskQueryOptions } from './taskQueryOptions';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';

interface TaskPageProps {
  projectName: string;
  taskId: string;
}

/**
 * /{projectName}/{taskId}: a task, its comments and its history (management
 * §2). Managers edit it; its assignee reads it and comments; a Client reads
 * the tasks of their projects.
 */
export function TaskPage({ projectName, taskId }: TaskPageProps) {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={taskId} />;
  return <TaskOfCompany company={company} projectName={projectName} taskId={taskId} />;
}

function TaskOfCompany({ company, projectName, taskId }: TaskPageProps & { company: CompanySummary }) {
  const { companyId, role } = company;
  const canManage = canManageProjects(role);
  const profile = useProfile();
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
        <Stack gap="lg">
          <PageTitle>{taskId}</PageTitle>
          <EmptyState
            title="Task not found"
            description={
              canManage
                ? `There is no task ${taskId}; it may have been deleted.`
                : `There is no task ${taskId} you can open: it may have been deleted, or it is not assigned to you.`
            }
            py="xl"
          >
            <EmptyState.Actions>
              {canOpen('/manage-tasks', role) ? (
                <Button variant="light" renderRoot={(props) => <Link to="/manage-tasks" {...props} />}>
                  Go to Tasks
                </Button>
              ) : (
                <Button variant="light" renderRoot={(props) => <Link to="/dashboard-individual" {...props} />}>
                  Go to your dashboard
                </Button>
              )}
            </EmptyState.Actions>
          </EmptyState>
        </Stack>
      );
    }
    return (
      <LoadFailedAlert error={task.error} />
    );
  }

  const actor = { kind: 'member', userId: profile.id, companyId, role, managedTeams: new Set<string>() } as const;
  const canComment = isAllowed(actor, 'AddComment', { companyId, assigneeId: task.data.assignee.userId });

  return (
    <Stack gap="lg">
      <Breadcrumbs separator="›" fz="sm">
        {canOpen('/project', role) ? (
          <Anchor size="sm" renderRoot={(props) => <Link to="/project" {...props} />}>
            Projects
          </Anchor>
        ) : (
          <Text size="sm">Projects</Text>
        )}
        <Text size="sm">{task.data.projectName}</Text>
        <Text size="sm" c="dimmed">
          {task.data.taskId}
        </Text>
      </Breadcrumbs>
      {/* Keyed by the task: the form starts from the task as loaded and is not reset by later refetches. */}
      <TaskEditor key={task.data.taskId} companyId={companyId} task={task.data} canManage={canManage} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <TaskComments companyId={companyId} task={task.data} canComment={canComment} canDelete={canManage} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
