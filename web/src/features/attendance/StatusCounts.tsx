import { Box, Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useId } from 'react';
import type { DayStatus } from '../../../../domain/attendance/day-status.ts';
import { DAY_STATUS_LOOKS } from './dayStatusLooks';
import type { MonthAttendance } from './MonthAttendance';

/** The counts core §2 names, in its order, with holidays after the week off. */
const COUNTED = ['present', 'absent', 'weekOff', 'holiday', 'sickLeave', 'paidLeave', 'casualLeave'] as const satisfies readonly DayStatus[];

/** The month's summary: how many days of each status, each beside its colour (a legend of the calendar too). */
export function StatusCounts({ counts }: { counts: MonthAttendance['counts'] | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }} spacing="sm">
      {COUNTED.map((status) => (
        <StatusCount key={status} status={status} count={counts?.[status]} />
      ))}
    </SimpleGrid>
  );
}

function StatusCount({ status, count }: { status: (typeof COUNTED)[number]; count: number | undefined }) {
  const titleId = useId();
  const { label } = DAY_STATUS_LOOKS[status];
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={titleId} aria-busy={count === undefined}>
      <Group gap={8} wrap="nowrap">
        <Box
          aria-hidden
          w={14}
          h={14}
          style={{ flexShrink: 0, borderRadius: 4, border: '1px solid var(--mantine-color-default-border)', background: `var(--attendance-${status}-background)` }}
        />
        <Text id={titleId} size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
      </Group>
      {count === undefined ? (
        <Skeleton h={28} w="40%" mt={6} />
      ) : (
        <Text fz={24} fw={700} lh={1.2} mt={4}>
          {count}
        </Text>
      )}
    </Paper>
  );
}
