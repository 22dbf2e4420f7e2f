import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { LeavePolicy } from './CompanySettings';
import { LeavePolicyModal } from './LeavePolicyModal';

interface LeavePolicyCardProps {
  companyId: string;
  policies: readonly LeavePolicy[];
  currentYear: number;
  /** Only Admins configure the policy (management §6); the others see it. */
  canConfigure: boolean;
}

const updatedOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** Each year's paid leave days per person, and for Admins the 'Annual Leave Policy Configuration' modal. */
export function LeavePolicyCard({ companyId, policies, currentYear, canConfigure }: LeavePolicyCardProps) {
  const [opened, { open, close }] = useDisclosure(false);

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            Leave Policy
          </Title>
          {canConfigure && (
            <Button variant="light" onClick={open}>
              Configure Leave Policy
            </Button>
          )}
        </Group>
        {policies.length === 0 ? (
          <Text c="dimmed">No leave policy configured yet</Text>
        ) : (
          <Table.ScrollContainer minWidth={400} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Leave policy by year' } }}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Year</Table.Th>
                  <Table.Th>Paid leave days</Table.Th>
                  <Table.Th>Updated by</Table.Th>
                  <Table.Th>Updated on</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {policies.map((policy) => (
                  <Table.Tr key={policy.year} fw={policy.year === currentYear ? 600 : undefined}>
                    <Table.Td>{policy.year}</Table.Td>
                    <Table.Td>{policy.paidLeaveDays}</Table.Td>
                    <Table.Td>{policy.updatedBy}</Table.Td>
                    <Table.Td>{updatedOn(policy.updatedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!canConfigure && (
          <Text size="sm" c="dimmed">
            Only administrators can configure the leave policy. Please contact your administrator to change it.
          </Text>
        )}
      </Stack>
      {canConfigure && <LeavePolicyModal companyId={companyId} opened={opened} onClose={close} policies={policies} currentYear={currentYear} />}
    </Paper>
  );
}
