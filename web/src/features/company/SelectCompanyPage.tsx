import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function SelectCompanyPage() {
  return (
    <Stack gap="md">
      <Title order={3}>Select a company</Title>
      <Text c="dimmed">
        Choosing the company you work in comes with company management, which is not available yet. Once it is, the
        companies you belong to will be listed here.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" renderRoot={(props) => <Link to="/profile" {...props} />}>
          Go to profile
        </Button>
      </Group>
    </Stack>
  );
}
