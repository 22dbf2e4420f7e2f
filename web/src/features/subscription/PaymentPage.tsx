import { Paper, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../shared/ui/PageTitle';

/** /payment: a placeholder in the product itself (spec management §2). */
export function PaymentPage() {
  return (
    <Stack gap="lg" maw={720}>
      <PageTitle>Payment</PageTitle>
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed">Payment is to be implemented.</Text>
      </Paper>
    </Stack>
  );
}
