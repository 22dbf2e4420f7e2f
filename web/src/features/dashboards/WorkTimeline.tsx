import { Box, Group, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { formatClock } from '../../shared/format/formatClock';
import { formatDay } from '../../shared/format/formatDay';
import { formatDuration } from '../../shared/format/formatDuration';
import type { TimelineBar, TimelineRow } from './timelineRows';

const DAY_MINUTES = 24 * 60;
const HOUR_TICKS = [0, 3, 6, 9, 12, 15, 18, 21, 24];
const LABEL_WIDTH = 120;

const percentOfDay = (minutes: number) => `${(minutes / DAY_MINUTES) * 100}%`;

/** The weekly timeline (core §2): each day's work as bars on a 24-hour scale in the viewed person's zone. */
export function WorkTimeline({ rows, timeZone }: { rows: TimelineRow[]; timeZone: string }) {
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed">
        Times in {timeZone}
      </Text>
      <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
        <Stack gap={6}>
          {rows.map((row) => (
            <Group key={row.day} gap="sm" wrap="nowrap">
              <Text size="xs" w={LABEL_WIDTH} style={{ flexShrink: 0 }}>
                {formatDay(row.day)}
              </Text>
              <Box
                pos="relative"
                h={24}
                style={{
                  flex: 1,
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: `repeating-linear-gradient(to right, var(--mantine-color-gray-1) 0, var(--mantine-color-gray-1) calc(12.5% - 1px), var(--mantine-color-gray-3) calc(12.5% - 1px), var(--mantine-color-gray-3) 12.5%)`,
                }}
              >
                {row.bars.map((bar) => (
                  <WorkBar key={bar.entry.start} day={row.day} bar={bar} timeZone={timeZone} />
                ))}
              </Box>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Group gap="sm" wrap="nowrap" aria-hidden>
        <Box w={LABEL_WIDTH} style={{ flexShrink: 0 }} />
        <Box pos="relative" h={16} style={{ flex: 1 }}>
          {HOUR_TICKS.map((hour) => (
            <Text
              key={hour}
              size="xs"
              c="dimmed"
              pos="absolute"
              left={percentOfDay(hour * 60)}
              style={{ transform: hour === 0 ? undefined : hour === 24 ? 'translateX(-100%)' : 'translateX(-50%)' }}
            >
              {String(hour).padStart(2, '0')}:00
            </Text>
          ))}
        </Box>
      </Group>
    </Stack>
  );
}

function WorkBar({ day, bar, timeZone }: { day: string; bar: TimelineBar; timeZone: string }) {
  const { entry } = bar;
  const start = formatClock(entry.start, timeZone);
  const end = formatClock(entry.end, timeZone);
  const tracked = formatDuration(entry.trackedMinutes);
  const label = (
    <Stack gap={0}>
      <Text size="xs" fw={700}>
        {formatDay(day)}
      </Text>
      <Text size="xs">Start: {start}</Text>
      <Text size="xs">End: {end}</Text>
      <Text size="xs">Tracked: {tracked}</Text>
      <Text size="xs">
        {entry.projectName} · {entry.taskName}
      </Text>
    </Stack>
  );
  return (
    <Tooltip label={label} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Box
        role="img"
        tabIndex={0}
        aria-label={`${formatDay(day)}: ${start} to ${end}, tracked ${tracked}, ${entry.projectName} · ${entry.taskName}`}
        pos="absolute"
        top={3}
        bottom={3}
        left={percentOfDay(bar.startMinute)}
        bg="teal.6"
        style={{ width: `max(3px, ${percentOfDay(bar.endMinute - bar.startMinute)})`, borderRadius: 3, cursor: 'default' }}
      />
    </Tooltip>
  );
}
