import { Accordion, ActionIcon, Badge, Button, EmptyState, Group, Menu, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { canManageProjects } from '../../../../domain/projects/project.ts';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { isCompanyGone } from '../../shared/commands/isCompanyGone';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import { useLeaveLostCompany } from '../../shared/commands/useLeaveLostCompany';
import type { Project } from '../../shared/projects/Project';
import { ProjectFormModal } from './ProjectFormModal';
import { projectsApi } from '../../shared/projects/projectsApi';
import { projectsQueryOptions } from '../../shared/projects/projectsQueryOptions';
import { ProjectTasksTable } from './ProjectTasksTable';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { PageTitle } from '../../shared/ui/PageTitle';

type ProjectDialog = { kind: 'add' } | { kind: 'edit'; project: Project } | { kind: 'delete'; project: Project };

/** /project: the projects accordion with each project's tasks, and the add, edit and delete dialogs (management §2). */
export function ProjectsPage() {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title="Projects" noCompanyText="Please create a company first to create a project!" />;
  return <ProjectsOfCompany companyId={company.companyId} canManage={canManageProjects(company.role)} />;
}

function ProjectsOfCompany({ companyId, canManage }: { companyId: string; canManage: boolean }) {
  const projects = useQuery(projectsQueryOptions(companyId));
  const [dialog, setDialog] = useState<ProjectDialog | null>(null);
  const closeDialog = () => setDialog(null);
  const leaveLostCompany = useLeaveLostCompany();
  const deleteProject = useCompanyCommand(companyId, (project: Project) => projectsApi.remove(companyId, project.projectId), {
    onDone: closeDialog,
  });

  useEffect(() => {
    if (isCompanyGone(projects.error)) leaveLostCompany();
  }, [projects.error, leaveLostCompany]);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <PageTitle>Projects</PageTitle>
        {canManage && <Button onClick={() => setDialog({ kind: 'add' })}>Add Project</Button>}
      </Group>

      {projects.isError ? (
        <LoadFailedAlert error={projects.error} />
      ) : projects.isPending ? (
        <Stack gap="xs" aria-label="Loading projects">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={56} />
          ))}
        </Stack>
      ) : projects.data.length === 0 ? (
        <EmptyState
          title="No projects found. Please create some projects first."
          py="xl"
          bg="var(--mantine-color-body)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          {canManage && (
            <EmptyState.Actions>
              <Button variant="light" onClick={() => setDialog({ kind: 'add' })}>
                Add Project
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      ) : (
        <Accordion multiple variant="separated" radius="md" defaultValue={[projects.data[0].projectId]}>
          {projects.data.map((project) => (
            <Accordion.Item key={project.projectId} value={project.projectId} bg="var(--mantine-color-body)">
              <Group wrap="nowrap" gap="xs" pr={{ base: 'xs', sm: 'md' }}>
                {/* Shrinks (the name is cut) so Add Task and the actions stay on a phone's screen. */}
                <Accordion.Control miw={0} style={{ flex: 1 }}>
                  {/* On a phone the prefix and the count go under the name. */}
                  <Group gap="sm" style={{ rowGap: 2 }}>
                    <Text fw={600} truncate maw="100%">
                      {/* Named by what it shows, after what it opens (WCAG 2.5.3, label in name). */}
                      <VisuallyHidden>Tasks of </VisuallyHidden>
                      {project.name}
                    </Text>
                    <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                      {project.prefix}
                    </Badge>
                    <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                      {project.tasks.length === 1 ? '1 task' : `${project.tasks.length} tasks`}
                    </Text>
                  </Group>
                </Accordion.Control>
                {canManage && (
                  <>
                    {/* A new tab, so the projects stay open while the task is written (management §2). */}
                    <Button
                      size="xs"
                      variant="light"
                      style={{ flexShrink: 0 }}
                      renderRoot={(props) => (
                        <Link to="/add-task" search={{ projectId: project.projectId }} target="_blank" rel="noopener" {...props} />
                      )}
                    >
                      Add Task
                    </Button>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${project.name}`}>
                          ⋮
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => setDialog({ kind: 'edit', project })}>Edit</Menu.Item>
                        <Menu.Item color="red" onClick={() => setDialog({ kind: 'delete', project })}>
                          Delete
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </>
                )}
              </Group>
              <Accordion.Panel>
                <ProjectTasksTable project={project} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}

      <ProjectFormModal
        companyId={companyId}
        opened={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        project={dialog?.kind === 'edit' ? dialog.project : null}
        onClose={closeDialog}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete Project"
        message={
          dialog?.kind === 'delete'
            ? `Delete the project "${dialog.project.name}"? Its tasks leave every list; their history is kept.`
            : ''
        }
        confirmLabel="Delete"
        loading={deleteProject.isPending}
        onConfirm={() => dialog?.kind === 'delete' && deleteProject.mutate(dialog.project)}
        onClose={closeDialog}
      />
    </Stack>
  );
}
