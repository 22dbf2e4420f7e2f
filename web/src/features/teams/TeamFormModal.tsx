import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { teamMessages } from '../../../../domain/teams/team.ts';
import type { Team } from '../../shared/teams/Team';
import { TeamMembersPicker } from './TeamMembersPicker';
import { teamsApi } from '../../shared/teams/teamsApi';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';

/** Management §9: team dialogs are 360 px wide. */
export const TEAM_DIALOG_WIDTH = 360;

interface TeamFormModalProps {
  companyId: string;
  opened: boolean;
  /** The team to rename, or null to add one. */
  team: Team | null;
  onClose: () => void;
}

/** 'Add Team' (name and members) and 'Edit Team' (name) dialogs. */
export function TeamFormModal({ companyId, opened, team, onClose }: TeamFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={team ? 'Edit Team' : 'Add Team'} size={TEAM_DIALOG_WIDTH} centered>
      {/* Mounted only while open, so every opening starts from the team as it is now. */}
      <TeamForm companyId={companyId} team={team} onClose={onClose} />
    </Modal>
  );
}

function TeamForm({ companyId, team, onClose }: Omit<TeamFormModalProps, 'opened'>) {
  const form = useForm({
    initialValues: { name: team?.teamName ?? '', memberIds: [] as string[] },
    validate: { name: (name) => (name.trim() ? null : teamMessages.nameRequired) },
  });
  const save = useCompanyCommand(
    companyId,
    ({ name, memberIds }: { name: string; memberIds: string[] }) =>
      team ? teamsApi.rename(companyId, team.teamId, name) : teamsApi.create(companyId, { name, memberIds }),
    { onDone: onClose },
  );

  return (
    <form noValidate onSubmit={form.onSubmit(({ name, memberIds }) => save.mutate({ name: name.trim(), memberIds }))}>
      <Stack>
        <TextInput label="Team name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        {!team && (
          <TeamMembersPicker
            companyId={companyId}
            value={form.values.memberIds}
            onChange={(memberIds) => form.setFieldValue('memberIds', memberIds)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {team ? 'Save' : 'Add Team'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
