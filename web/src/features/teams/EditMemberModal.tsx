import { Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { memberMessages } from '../../../../domain/members/member.ts';
import { inEveryTeam } from '../../../../domain/members/roles.ts';
import type { Team } from '../../shared/teams/Team';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import type { Member } from './Member';
import { membersApi } from './membersApi';
import { validateHourlyRate } from './validateHourlyRate';

interface EditMemberModalProps {
  companyId: string;
  /** The member being edited; the dialog is open while there is one. */
  member: Member | null;
  /** Teams the user may put people in. */
  assignableTeams: Team[];
  onClose: () => void;
}

/** Edit a member's name, teams and hourly rate; e-mail and access level are shown read-only (management §5). */
export function EditMemberModal({ companyId, member, assignableTeams, onClose }: EditMemberModalProps) {
  return (
    <Modal opened={member !== null} onClose={onClose} title="Edit member" size="md" centered>
      {member && (
        <EditMemberForm companyId={companyId} member={member} assignableTeams={assignableTeams} onClose={onClose} />
      )}
    </Modal>
  );
}

function EditMemberForm({ companyId, member, assignableTeams, onClose }: EditMemberModalProps & { member: Member }) {
  // Admins belong to every team; the server does not ask them for one.
  const needsTeam = !inEveryTeam(member.accessLevel);
  const form = useForm({
    initialValues: {
      name: member.name,
      teamIds: member.teams.map((team) => team.teamId),
      hourlyRate: member.hourlyRate === null ? '' : String(member.hourlyRate),
    },
    validate: {
      name: (name) => (name.trim() ? null : memberMessages.nameRequired),
      teamIds: (teamIds) => (needsTeam && teamIds.length === 0 ? memberMessages.teamRequired : null),
      hourlyRate: validateHourlyRate,
    },
  });
  const save = useCompanyCommand(
    companyId,
    (values: typeof form.values) =>
      membersApi.edit(companyId, member.userId, {
        name: values.name.trim(),
        teamIds: values.teamIds,
        hourlyRate: values.hourlyRate.trim() || null,
      }),
    { onDone: onClose },
  );

  // The member's own teams stay listed even where the user cannot assign people.
  const teamOptions = new Map(assignableTeams.map((team) => [team.teamId, team.teamName]));
  for (const team of member.teams) teamOptions.set(team.teamId, team.teamName);

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Email" value={member.email} readOnly variant="filled" />
        <TextInput label="Access level" value={member.accessLevel} readOnly variant="filled" />
        <MultiSelect
          label="Teams"
          withAsterisk={needsTeam}
          data={[...teamOptions].map(([value, label]) => ({ value, label }))}
          searchable
          {...form.getInputProps('teamIds')}
        />
        <TextInput label="Hourly rate" inputMode="decimal" leftSection="$" {...form.getInputProps('hourlyRate')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
