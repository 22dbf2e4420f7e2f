import { Button, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
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
 * the user. It asks by itself once per sign-in: closed unanswered, it does
 * not ask again in that company (reloads and other tabs included) until the
 * next sign-in; meanwhile every page works without a team, and the timer,
 * which needs one, opens the modal when pressed. With one team it never asks:
 * that team is the active one.
 */
export function TeamChooser({ suppressed }: TeamChooserProps) {
  const company = useActiveCompany();
  const { teams, activeTeam, needsChoice, chooseTeam } = useActiveTeam();
  const chooserOpened = useActiveTeamStore((state) => state.chooserOpened);
  const closeChooser = useActiveTeamStore((state) => state.closeChooser);
  const declined = useActiveTeamStore((state) => company !== null && state.declinedIn.includes(company.companyId));
  const declineChoice = useActiveTeamStore((state) => state.declineChoice);
  const asks = needsChoice && !suppressed && !declined;
  const opened = asks || chooserOpened;

  const close = () => {
    closeChooser();
    if (company && needsChoice) declineChoice(company.companyId);
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
