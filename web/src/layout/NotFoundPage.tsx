import { Button, Center, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CANVAS } from '../theme';
import { PageTitle } from '../shared/ui/PageTitle';

export function NotFoundPage() {
  return (
    <Center component="main" mih="100vh" p="md" bg={CANVAS}>
      <Stack align="center" gap="sm" maw={480}>
        <Text fz={96} fw={700} c="teal" lh={1}>
          404
        </Text>
        <PageTitle>Page not found</PageTitle>
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
