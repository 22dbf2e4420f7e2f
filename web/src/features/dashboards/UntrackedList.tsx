import { Avatar, Group, ScrollArea, Stack, Text } from '@mantine/core';
import type { TeamDashboard } from '../../shared/dashboards/DashboardViews';
import { TimesheetStatusBadge } from '../../shared/timesheets/TimesheetStatusBadge';
import { initials } from '../../shared/ui/initials';

/** 'Haven't tracked time yet' (core §2): the team's people without time in the range, with their timesheets' status of the range. */
export function UntrackedList({ people }: { people: TeamDashboard['untracked'] }) {
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {people.map((person) => (
          <Group key={person.userId} component="li" gap="sm" wrap="nowrap">
            <Avatar size="sm" radius="xl" color="gray">
              {initials(person.name)}
            </Avatar>
            <Stack gap={0} style={{ flexGrow: 1 }}>
              <Text size="sm" fw={500}>
                {person.name}
              </Text>
              <Text size="xs" c="dimmed">
                Never tracked time
              </Text>
            </Stack>
            {person.timesheet && <TimesheetStatusBadge status={person.timesheet} size="xs" />}
          </Group>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
