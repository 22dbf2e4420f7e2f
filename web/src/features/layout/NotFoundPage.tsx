import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Center mih="100vh" p="md" bg="gray.1">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1} fz={96} c="teal.7" lh={1}>
          404
        </Title>
        <Title order={2}>Page not found</Title>
        <Text c="dimmed" ta="center">
          The page is deprecated, deleted, or does not exist at all
        </Text>
        <Button mt="md" renderRoot={(props) => <Link to="/" {...props} />}>
          Back to home
        </Button>
      </Stack>
    </Center>
  );
}
