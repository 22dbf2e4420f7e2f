import { Alert, Button, Stack, Text } from '@mantine/core';
import { type Query, useIsFetching, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errorMessage';

interface LoadFailedAlertProps {
  error: unknown;
  /** Loads again; by default every query on screen that failed. */
  onRetry?: () => unknown;
  /** What failed; by default the spec's wording for data that could not be loaded. */
  title?: string;
}

const failed = (query: Query) => query.state.status === 'error';

/** What a page shows in place of what it could not load: the reason and a Retry, never a blank page. */
export function LoadFailedAlert({ error, onRetry, title = 'Unable to found data! Please try again later!' }: LoadFailedAlertProps) {
  const queryClient = useQueryClient();
  const retrying = useIsFetching({ predicate: failed }) > 0;
  const retry = onRetry ?? (() => queryClient.refetchQueries({ type: 'active', predicate: failed }));
  return (
    <Alert color="red" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="default" onClick={() => void retry()} loading={retrying}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
