import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { LoadFailedAlert } from '../shared/ui/LoadFailedAlert';
import { NoAccessError } from './NoAccessError';
import { NoAccessPage } from './NoAccessPage';
import { PageTitle } from '../shared/ui/PageTitle';

/**
 * Every route's error component: what failed while a page loaded or rendered
 * takes down that page only, in its place, with a Retry. A page closed to the
 * user's role says so instead.
 */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  if (error instanceof NoAccessError) return <NoAccessPage company={error.company} />;

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
