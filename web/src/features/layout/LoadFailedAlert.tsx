import { Alert } from '@mantine/core';
import { errorMessage } from '../../lib/errorMessage';

/** What a page shows when its data could not be loaded (the spec's wording), with the reason. */
export function LoadFailedAlert({ error }: { error: unknown }) {
  return (
    <Alert color="red" title="Unable to found data! Please try again later!">
      {errorMessage(error)}
    </Alert>
  );
}
