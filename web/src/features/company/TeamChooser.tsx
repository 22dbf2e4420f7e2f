import { Button, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notify } from '../../lib/notify';
import { useProfile } from '../auth/useProfile';
import { useActiveTeamStore } from './activeTeamStore';
import { selectionRequired } from './selectionRequired';
import { useActiveTeam } from './useActiveTeam';

interface TeamChooserProps {
  /** Pages where the modal must not ask on its own (e.g. while the company is locked). */
  suppressed: boolean;
}

/**
 * The 'Choose a Team' modal (spec core §2): it opens by itself when the user
 * has several teams in the active company and none is active (and cannot be
 * dismissed then), and on request from Profile's 'Change Team'.
 */
export function TeamChooser({ suppressed }: TeamChooserProps) {
  const { teams, activeTeam, needsChoice, chooseTeam } = useActiveTeam();
  const chooserOpened = useActiveTeamStore((state) => state.chooserOpened);
  const closeChooser = useActiveTeamStore((state) => state.closeChooser);
  const required = needsChoice && !suppressed;
  const opened = required || chooserOpened;

  return (
    <Modal
      opened={opened}
      onClose={closeChooser}
      title="Choose a Team"
      centered
      size={360}
      withCloseButton={!required}
      closeOnClickOutside={!required}
      closeOnEscape={!required}
    >
      {/* Keyed so every opening starts from the current team. */}
      {opened && (
        <ChooseTeamForm
          key={activeTeam?.teamId ?? 'none'}
          teams={teams}
          current={activeTeam?.teamId ?? null}
          onChosen={(teamId) => {
            chooseTeam(teamId);
            closeChooser();
          }}
        />
      )}
    </Modal>
  );
}

interface ChooseTeamFormProps {
  teams: { teamId: string; teamName: string }[];
  current: string | null;
  onChosen: (teamId: string) => void;
}

function ChooseTeamForm({ teams, current, onChosen }: ChooseTeamFormProps) {
  const profile = useProfile();
  const form = useForm({
    initialValues: { teamId: current },
    validate: { teamId: (value) => (value ? null : selectionRequired) },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ teamId }) => {
        if (!teamId) return;
        onChosen(teamId);
        if (profile.pendingInvites > 0) notify.success('You have pending invites that need your attention!');
      })}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Pick the team you are working in. You can change it later on your profile.
        </Text>
        <Select
          label="Team"
          placeholder={teams.length > 0 ? 'Select a team' : 'No teams yet'}
          data={teams.map((team) => ({ value: team.teamId, label: team.teamName }))}
          searchable
          // The modal focuses the field on opening; a list popping open at once would hide the button.
          openOnFocus={false}
          nothingFoundMessage="No team matches"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('teamId')}
        />
        <Button type="submit" disabled={teams.length === 0}>
          Select Team
        </Button>
      </Stack>
    </form>
  );
}
