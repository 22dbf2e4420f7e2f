import { Paper, Text } from '@mantine/core';

/** What the billing pages say on a server run with BILLING=off. */
export function BillingOffNotice() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Text c="dimmed">Subscriptions are turned off on this server: every company can be used without a plan.</Text>
    </Paper>
  );
}
