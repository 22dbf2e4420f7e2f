import { Avatar, Button, Divider, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useProfile } from '../../shared/identity/useProfile';
import { useActiveTeamStore } from '../../shared/company/activeTeamStore';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { useActiveTeam } from '../../shared/company/useActiveTeam';
import { initials } from '../../shared/ui/initials';
import { ApiTokensSection } from './ApiTokensSection';
import { ProfileNameForm } from './ProfileNameForm';
import { PageTitle } from '../../shared/ui/PageTitle';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {/* Long e-mail addresses wrap instead of running into the next column. */}
      <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
    </div>
  );
}

export function ProfilePage() {
  const profile = useProfile();
  const company = useActiveCompany();
  const { activeTeam, teams, isPending: teamsPending } = useActiveTeam();
  const openTeamChooser = useActiveTeamStore((state) => state.openChooser);

  return (
    <Stack gap="lg" maw={720}>
      <PageTitle>Profile</PageTitle>
      <Paper withBorder radius="md" p="xl">
        <Stack gap="lg">
          <Group>
            <Avatar src={profile.avatar} alt={profile.name} size="lg" radius="xl" color="teal">
              {initials(profile.name)}
            </Avatar>
            <div>
              <Text fw={600} size="lg">
                {profile.name}
              </Text>
              <Text c="dimmed" size="sm">
                {profile.email}
              </Text>
            </div>
          </Group>
          <Divider />
          {/* Keyed by the name: a change from another tab or a live update shows up in the field too. */}
          <ProfileNameForm key={profile.name} name={profile.name} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Field label="Email" value={profile.email} />
            <Field label="Active company" value={company?.companyName ?? 'None'} />
            <Field label="Active team" value={activeTeam?.teamName ?? 'None'} />
          </SimpleGrid>
          <Group>
            {/* The 'Choose a Team' modal lives in the main layout; this only asks it to open. */}
            <Button variant="default" onClick={openTeamChooser} disabled={!company || teamsPending || teams.length === 0}>
              Change Team
            </Button>
          </Group>
        </Stack>
      </Paper>
      <ApiTokensSection />
    </Stack>
  );
}
