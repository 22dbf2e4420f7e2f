import { Center, Paper, Stack, Text } from '@mantine/core';
import type { CompanySummary } from '../shared/company/CompanySummary';
import { PageTitle } from '../shared/ui/PageTitle';

/** What a page shows to a role it is closed to (domain/members/page-access.ts). */
export function NoAccessPage({ company }: { company: Pick<CompanySummary, 'companyName' | 'role'> }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Center mih={220}>
        <Stack align="center" gap="xs" maw={420}>
          <PageTitle size="h3">You do not have access to this page</PageTitle>
          <Text c="dimmed" ta="center">
            Your role in {company.companyName} ({company.role}) does not include this page. Ask an admin of the company
            if you need it.
          </Text>
        </Stack>
      </Center>
    </Paper>
  );
}
