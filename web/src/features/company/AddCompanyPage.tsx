import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function AddCompanyPage() {
  return (
    <Stack gap="md">
      <Title order={3}>Create a company</Title>
      <Text c="dimmed">
        Creating a company comes with company management, which is not available yet. Once it is, you will name your
        company here and invite your team.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" renderRoot={(props) => <Link to="/profile" {...props} />}>
          Go to profile
        </Button>
      </Group>
    </Stack>
  );
}
