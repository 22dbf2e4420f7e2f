import { Button, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { useProfile } from '../../shared/identity/useProfile';
import { useActiveTeamStore } from '../../shared/company/activeTeamStore';
import { selectionRequired } from './selectionRequired';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { useActiveTeam } from '../../shared/company/useActiveTeam';

interface TeamChooserProps {
  /** Pages where the modal must not ask on its own (e.g. while the company is locked). */
  suppressed: boolean;
}

/**
 * The 'Choose a Team' modal (spec core §2): it opens by itself when the user
 * has several teams in the active company and none is active, and on request
 * (Profile's 'Change Team', the timer while no team is chosen).
 *
 * Esc, the close button or a click outside always close it: no dialog holds
 * the user. Closed unanswered, it does not ask again by itself in that
 * company until the page is loaded again; meanwhile every page works without
 * a team, and the timer, which needs one, opens the modal when pressed.
 */
export function TeamChooser({ suppressed }: TeamChooserProps) {
  const company = useActiveCompany();
  const { teams, activeTeam, needsChoice, chooseTeam } = useActiveTeam();
  const chooserOpened = useActiveTeamStore((state) => state.chooserOpened);
  const closeChooser = useActiveTeamStore((state) => state.closeChooser);
  const [dismissedIn, setDismissedIn] = useState<string | null>(null);
  const asks = needsChoice && !suppressed && dismissedIn !== company?.companyId;
  const opened = asks || chooserOpened;

  const close = () => {
    closeChooser();
    setDismissedIn(company?.companyId ?? null);
  };

  return (
    <Modal opened={opened} onClose={close} title="Choose a Team" centered size={360}>
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
          data-autofocus
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
