import { Button, Modal, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDuration } from '../../shared/format/formatDuration';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { timesheetQueries } from './timesheetQueries';
import type { TimesheetHistory } from './timesheetsApi';

type Entry = TimesheetHistory[number];

/** What an entry says after its author's name. */
function sentence(entry: Entry): string {
  switch (entry.action) {
    case 'Submitted':
      return `submitted it to ${entry.approver?.name ?? 'an approver'}`;
    case 'Approved':
      return entry.totals ? `approved it: ${formatDuration(entry.totals.trackedMinutes)} tracked, ${formatDuration(entry.totals.manualMinutes)} manual, ${formatDuration(entry.totals.idleMinutes)} idle` : 'approved it';
    case 'Rejected':
      return 'rejected it';
    case 'Reopened':
      return 'reopened it';
    case 'Moved':
      return `moved it to ${entry.approver?.name ?? 'another approver'}, as its approver can no longer approve it`;
  }
}

const COLORS: Partial<Record<Entry['action'], string>> = { Approved: 'teal', Rejected: 'red', Reopened: 'blue' };

/** 'History': every decision on a person's timesheet of a period, oldest first, with who, when and why. */
export function TimesheetHistoryButton({ companyId, userId, start, title }: { companyId: string; userId: string; start: string; title: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        History
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={title} size="lg" centered>
        {opened && <HistoryOf companyId={companyId} userId={userId} start={start} />}
      </Modal>
    </>
  );
}

function HistoryOf({ companyId, userId, start }: { companyId: string; userId: string; start: string }) {
  const history = useQuery(timesheetQueries.history(companyId, userId, start));
  if (history.isError) return <LoadFailedAlert error={history.error} />;
  if (history.isPending) {
    return (
      <Stack gap="sm" aria-label="Loading history">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h={40} />
        ))}
      </Stack>
    );
  }
  if (history.data.length === 0) return <Text c="dimmed">No submissions yet</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} pl={4} pt={4} aria-label="Timesheet history">
      {history.data.map((entry, index) => (
        <Timeline.Item key={index} color={COLORS[entry.action]}>
          <Text size="sm">
            <Text span fw={600}>
              {entry.by.name}
            </Text>{' '}
            {sentence(entry)}
          </Text>
          <Text size="xs" c="dimmed">
            {new Date(entry.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
          </Text>
          {(entry.reason || entry.note) && (
            <Text size="sm" c="dimmed" fs="italic">
              “{entry.reason ?? entry.note}”
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
