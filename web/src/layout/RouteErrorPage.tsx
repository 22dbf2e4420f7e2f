import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { LoadFailedAlert } from '../shared/ui/LoadFailedAlert';
import { PageTitle } from '../shared/ui/PageTitle';

/**
 * Every route's error component: what failed while a page loaded or rendered
 * takes down that page only, in its place, with a Retry.
 */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryClient = useQueryClient();

  // The failed page's queries lost their observers with it: dropping them makes it load afresh rather than render the same data again.
  const retry = () => {
    queryClient.removeQueries({ type: 'inactive' });
    return router.invalidate();
  };
  return (
    <Stack gap="lg">
      <PageTitle>This page could not be shown</PageTitle>
      <LoadFailedAlert title="An error stopped this page" error={error} onRetry={retry} />
    </Stack>
  );
}
