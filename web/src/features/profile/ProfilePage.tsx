import { Avatar, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useProfile } from '../auth/useProfile';
import { initials } from '../layout/initials';
import { ProfileNameForm } from './ProfileNameForm';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  );
}

export function ProfilePage() {
  const profile = useProfile();

  return (
    <Stack gap="lg" maw={720}>
      <Title order={2}>Profile</Title>
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
            <Field label="Active company" value={profile.activeCompany?.companyName ?? 'None'} />
            <Field label="Active team" value="None" />
          </SimpleGrid>
        </Stack>
      </Paper>
    </Stack>
  );
}
