import { Paper, Stack, Text, Title } from '@mantine/core';

/** /payment: a placeholder in the product itself (spec management §2). */
export function PaymentPage() {
  return (
    <Stack gap="lg" maw={720}>
      <Title order={2}>Payment</Title>
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed">Payment is to be implemented.</Text>
      </Paper>
    </Stack>
  );
}
