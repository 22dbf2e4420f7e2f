import { GaugeChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { TimesheetStatus } from '../../../../domain/timesheets/timesheet.ts';
import { TimesheetStatusBadge } from '../../shared/timesheets/TimesheetStatusBadge';

interface ShareGaugesProps {
  people: { userId: string; name: string; percent: number; timesheet: TimesheetStatus | null }[];
  color: string;
  /** The label of a share, e.g. the minimum label for a productive share at or below 0%. */
  label: (percent: number) => string;
}

/** A radial gauge per person of a top list (core §2 top users), with their timesheets' status of the range. */
export function ShareGauges({ people, color, label }: ShareGaugesProps) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
      {people.map((person) => (
        <Stack key={person.userId} gap={4} align="center">
          <GaugeChart
            value={Math.min(100, Math.max(0, person.percent))}
            size={110}
            thickness={10}
            roundCaps
            filledColor={color}
            valueFormatter={() => label(person.percent)}
            label={
              <Text fw={700} size="sm">
                {label(person.percent)}
              </Text>
            }
            aria-label={`${person.name}: ${label(person.percent)}`}
          />
          <Text size="sm" ta="center" lineClamp={2}>
            {person.name}
          </Text>
          {person.timesheet && <TimesheetStatusBadge status={person.timesheet} size="xs" />}
        </Stack>
      ))}
    </SimpleGrid>
  );
}
