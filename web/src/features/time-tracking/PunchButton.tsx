import { Button } from '@mantine/core';
import type { TimerStatus } from './TimerStatus';
import { useOneActionAtATime } from './useOneActionAtATime';
import { usePunch } from './usePunch';

interface PunchButtonProps {
  companyId: string;
  status: TimerStatus | undefined;
  fullWidth?: boolean;
}

/** Punch In (green) or Punch Out (red), by the day's last punch (core §4). */
export function PunchButton({ companyId, status, fullWidth }: PunchButtonProps) {
  const punch = usePunch(companyId);
  const act = useOneActionAtATime();
  const punchedIn = status?.punch.isPunchedIn ?? false;
  return (
    <Button
      color={punchedIn ? 'red' : 'green'}
      variant={punchedIn ? 'light' : 'filled'}
      loading={punch.isPending}
      disabled={!status}
      fullWidth={fullWidth}
      onClick={() => act((key) => punch.mutateAsync({ key, direction: punchedIn ? 'out' : 'in' }))}
    >
      {punchedIn ? 'Punch Out' : 'Punch In'}
    </Button>
  );
}
