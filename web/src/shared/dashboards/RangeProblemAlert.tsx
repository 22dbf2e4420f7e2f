import { Alert } from '@mantine/core';

/** A link whose custom range the dashboards cannot show: the reason, instead of asking the server. */
export function RangeProblemAlert({ problem }: { problem: string }) {
  return (
    <Alert color="orange" title="This range cannot be shown">
      {problem} Pick another range above.
    </Alert>
  );
}
