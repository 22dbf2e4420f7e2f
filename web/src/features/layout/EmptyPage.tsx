import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useProfile } from '../auth/useProfile';

interface EmptyPageProps {
  title: string;
  /** What to say when the user has no active company. */
  noCompanyText?: string;
}

/** A page of the main layout whose content is not built yet: its title and an honest empty state. */
export function EmptyPage({
  title,
  noCompanyText = 'No company yet. Create a company to start tracking time.',
}: EmptyPageProps) {
  const { activeCompany } = useProfile();

  return (
    <Stack gap="lg">
      <Title order={2}>{title}</Title>
      <Paper withBorder radius="md" p="xl">
        <Center mih={220}>
          <Stack align="center" gap="md" maw={420}>
            {activeCompany ? (
              <Text c="dimmed" ta="center">
                Nothing to show here yet.
              </Text>
            ) : (
              <>
                <Text c="dimmed" ta="center">
                  {noCompanyText}
                </Text>
                <Button renderRoot={(props) => <Link to="/add-company" {...props} />}>Create Company</Button>
              </>
            )}
          </Stack>
        </Center>
      </Paper>
    </Stack>
  );
}
