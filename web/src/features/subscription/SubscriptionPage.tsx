import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useActiveCompany } from '../company/useActiveCompany';
import { PageTitle } from '../layout/PageTitle';

interface SubscriptionPageProps {
  /** 'suspended' when the user came from /subscription-suspended. */
  from: string | undefined;
}

/** /subscription: the plan picker's place. Billing is not built, so it says so instead of offering plans. */
export function SubscriptionPage({ from }: SubscriptionPageProps) {
  const company = useActiveCompany();
  const back =
    from === 'suspended' ? (
      <Button
        variant="default"
        renderRoot={(props) => (
          <Link to="/subscription-suspended" search={company ? { companyId: company.companyId } : {}} {...props} />
        )}
      >
        Back
      </Button>
    ) : (
      <Button variant="default" renderRoot={(props) => <Link to="/dashboard-team" {...props} />}>
        Back
      </Button>
    );

  return (
    <Stack gap="lg" maw={720}>
      <PageTitle>Choose a Plan</PageTitle>
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md">
          <Text>Paid plans and billing come later; you cannot buy a plan in Timeledger yet.</Text>
          <Text c="dimmed" size="sm">
            Until then, a company&apos;s subscription is changed by the people who run this Timeledger installation. Ask
            them to extend the trial or to reactivate a suspended company.
          </Text>
          <Group>{back}</Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
