import { Center, Stack } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { LoadFailedAlert } from '../shared/ui/LoadFailedAlert';
import { PageTitle } from '../shared/ui/PageTitle';

/** When the session could not be checked, nothing behind it can show: the reason and a Retry, on a page of their own. */
export function SessionErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack maw={420}>
        <PageTitle ta="center">Timeledger</PageTitle>
        <LoadFailedAlert title="Could not load your session" error={error} onRetry={() => router.invalidate()} />
      </Stack>
    </Center>
  );
}
