import { Alert, Button } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';

interface DayPickerProps {
  /** Null while the day to open on loads. */
  day: string | null;
  /** The latest day to offer: the viewer's today, or a person's later local day. */
  latest: string;
  onPick: (day: string) => void;
}

/** The day the dashboard shows: up to today. */
export function DayPicker({ day, latest, onPick }: DayPickerProps) {
  return (
    <DatePickerInput
      label="Date"
      valueFormat="MMM D, YYYY"
      placeholder="Pick a day"
      maxDate={latest}
      value={day}
      onChange={(value) => value && onPick(value)}
      w={{ base: '100%', xs: 180 }}
    />
  );
}

/** Loads everything the page shows again: its dashboard, its lists and its screenshots. */
export function RefreshButton({ companyId }: { companyId: string }) {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: ['company', companyId] }) > 0;
  return (
    <Button variant="default" loading={fetching} onClick={() => void queryClient.refetchQueries({ queryKey: ['company', companyId], type: 'active' })}>
      Refresh
    </Button>
  );
}

/** A link whose day cannot be shown: the reason, instead of asking the server. */
export function DayProblemAlert({ problem }: { problem: string }) {
  return (
    <Alert color="orange" title="This day cannot be shown">
      {problem} Pick another day above.
    </Alert>
  );
}
