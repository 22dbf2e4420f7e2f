import { Alert, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { availabilityMessage } from '../../../../domain/leave/balance.ts';
import { leaveMessages } from '../../../../domain/leave/leave.ts';
import { leaveQueries } from './leaveQueries';

/** Management §8: 'Error checking paid leave balance. Please try again.' */
export const BALANCE_FAILED = 'Error checking paid leave balance. Please try again.';

/** What paid leave the requester has left in a year, in management §8's words. */
export function PaidLeaveNotice({ companyId, year }: { companyId: string; year: number }) {
  const balance = useQuery(leaveQueries.balance(companyId, year));
  if (balance.isPending) return <Skeleton h={52} aria-label="Checking paid leave balance" />;
  if (balance.isError) return <Alert color="red">{BALANCE_FAILED}</Alert>;
  const { hasPolicy, available } = balance.data;
  if (!hasPolicy) return <Alert color="yellow">{leaveMessages.noPolicy}</Alert>;
  if (available <= 0) return <Alert color="yellow">{leaveMessages.noBalance}</Alert>;
  return <Alert color="blue">{availabilityMessage(balance.data)}</Alert>;
}
