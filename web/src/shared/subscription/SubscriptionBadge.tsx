import { Badge } from '@mantine/core';

const badges = new Map([
  ['suspended', { label: 'Suspended', color: 'red' }],
  ['trial', { label: 'Trial', color: 'yellow' }],
  ['active', { label: 'Active', color: 'green' }],
]);
const unknown = { label: 'Unknown', color: 'gray' };

/** A company's subscription status as stored (management §2); any other value shows Unknown. */
export function SubscriptionBadge({ status }: { status: string }) {
  const { label, color } = badges.get(status) ?? unknown;
  return (
    <Badge size="sm" variant="light" color={color}>
      {label}
    </Badge>
  );
}
