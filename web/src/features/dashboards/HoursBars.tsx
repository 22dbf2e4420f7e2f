import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatDuration } from '../../shared/format/formatDuration';
import type { TimesheetStatus } from '../../../../domain/timesheets/timesheet.ts';
import { TimesheetStatusBadge } from '../../shared/timesheets/TimesheetStatusBadge';

interface HoursBarsProps {
  people: { userId: string; name: string; minutes: number; timesheet: TimesheetStatus | null }[];
  color: string;
}

/** A bar of hours per person of a top list (core §2 top users), the longest full width, with their timesheets' status of the range. */
export function HoursBars({ people, color }: HoursBarsProps) {
  const longest = Math.max(0, ...people.map((person) => person.minutes));
  return (
    <Stack gap="sm">
      {people.map((person) => (
        <Stack key={person.userId} gap={4}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text size="sm" truncate>
                {person.name}
              </Text>
              {person.timesheet && <TimesheetStatusBadge status={person.timesheet} size="xs" />}
            </Group>
            <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
              {formatDuration(person.minutes)}
            </Text>
          </Group>
          <Progress value={longest > 0 ? (person.minutes / longest) * 100 : 0} color={color} size="lg" aria-label={`${person.name}: ${formatDuration(person.minutes)}`} />
        </Stack>
      ))}
    </Stack>
  );
}
