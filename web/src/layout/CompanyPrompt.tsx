import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CANVAS } from '../theme';

interface CompanyPromptProps {
  hasCompanies: boolean;
}

/** Shown in the side menu while no company is active. */
export function CompanyPrompt({ hasCompanies }: CompanyPromptProps) {
  return (
    <Paper withBorder radius="md" p="md" bg={CANVAS}>
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {hasCompanies ? 'No active company' : 'No company yet'}
        </Text>
        <Text size="xs" c="dimmed">
          {hasCompanies
            ? 'Select one of your companies to see its dashboards, attendance and teams.'
            : 'Create a company to start tracking time with your team.'}
        </Text>
        {hasCompanies ? (
          <Button size="xs" renderRoot={(props) => <Link to="/select-company" {...props} />}>
            Select Company
          </Button>
        ) : (
          <Button size="xs" renderRoot={(props) => <Link to="/add-company" {...props} />}>
            Create Company
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
