import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { projectMessages } from '../../../../domain/projects/project.ts';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import type { Project } from '../../shared/projects/Project';
import { projectsApi } from '../../shared/projects/projectsApi';

interface ProjectFormModalProps {
  companyId: string;
  opened: boolean;
  /** The project to rename, or null to add one. */
  project: Project | null;
  onClose: () => void;
}

/** The 'Add Project' and 'Edit Project' dialogs: one name. */
export function ProjectFormModal({ companyId, opened, project, onClose }: ProjectFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={project ? 'Edit Project' : 'Add Project'} centered>
      {/* Mounted only while open, so every opening starts from the project as it is now. */}
      <ProjectForm companyId={companyId} project={project} onClose={onClose} />
    </Modal>
  );
}

function ProjectForm({ companyId, project, onClose }: Omit<ProjectFormModalProps, 'opened'>) {
  const form = useForm({
    initialValues: { name: project?.name ?? '' },
    validate: { name: (name) => (name.trim() ? null : projectMessages.nameRequired) },
  });
  const save = useCompanyCommand(
    companyId,
    (name: string) => (project ? projectsApi.rename(companyId, project.projectId, name) : projectsApi.create(companyId, name)),
    { onDone: onClose },
  );

  return (
    <form noValidate onSubmit={form.onSubmit(({ name }) => save.mutate(name.trim()))}>
      <Stack>
        <TextInput label="Project name" withAsterisk data-autofocus maxLength={200} {...form.getInputProps('name')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {project ? 'Save' : 'Add Project'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
