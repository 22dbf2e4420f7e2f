import { Box, Button, Group, Loader, Popover, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { CancelTimerDialog } from './CancelTimerDialog';
import { emptyTimerDraft } from './TimerDraft';
import type { TimerDraft } from './TimerDraft';
import { TimerClock } from './TimerClock';
import { TimerPopup } from './TimerPopup';
import type { TimerStatus } from './TimerStatus';
import { truncateName } from './truncateName';

interface TimerButtonProps {
  companyId: string;
  teamId: string | null;
  status: TimerStatus | undefined;
}

/** The top bar's timer (core §2): elapsed h:mm:ss and what runs; it opens the timer popup. */
export function TimerButton({ companyId, teamId, status }: TimerButtonProps) {
  const [opened, setOpened] = useState(false);
  // Kept here, not in the popup, so closing the popup does not lose the picks.
  const [draft, setDraft] = useState<TimerDraft>(emptyTimerDraft);
  const session = status?.session ?? null;
  const titleId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The session Cancel Timer was pressed for: a session started later is not asked about.
  const [cancelling, setCancelling] = useState<string | null>(null);

  const askToCancel = () => {
    setOpened(false);
    setCancelling(session?.sessionId ?? null);
  };
  // The popup is gone by then: the focus goes back to the timer button, not to the page's start.
  const closeCancelDialog = () => {
    setCancelling(null);
    buttonRef.current?.focus();
  };

  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withArrow trapFocus returnFocus>
        <Popover.Target>
          <Button
            ref={buttonRef}
            variant={session ? 'light' : 'default'}
            color={session ? 'teal' : undefined}
            onClick={() => setOpened((o) => !o)}
            aria-haspopup="dialog"
            leftSection={session ? <Box component="span" w={8} h={8} bg="teal.6" style={{ borderRadius: '50%' }} aria-hidden /> : undefined}
          >
            <Group gap={8} wrap="nowrap">
              <Text span ff="monospace" fw={700} fz="sm">
                <TimerClock startedAt={session?.startedAt ?? null} />
              </Text>
              {session ? (
                <Text span fz="sm" fw={500} visibleFrom="md" title={`${session.projectName} / ${session.taskName}`}>
                  {truncateName(session.projectName, 25)}
                  <Text span c="dimmed" fz="sm">
                    {' · '}
                    {truncateName(session.taskName, 20)}
                  </Text>
                </Text>
              ) : (
                <Text span fz="sm" c="dimmed" visibleFrom="md">
                  Not tracking
                </Text>
              )}
            </Group>
          </Button>
        </Popover.Target>
        {/* Mantine labels the dropdown by its target, whose text is the ticking clock: label it by the popup's title instead. */}
        <Popover.Dropdown aria-label="Timer" aria-labelledby={titleId}>
          {status ? (
            <TimerPopup
              companyId={companyId}
              teamId={teamId}
              status={status}
              draft={draft}
              onDraftChange={setDraft}
              onCancel={askToCancel}
              titleId={titleId}
            />
          ) : (
            <Group justify="center" p="md">
              <Loader size="sm" />
            </Group>
          )}
        </Popover.Dropdown>
      </Popover>
      <CancelTimerDialog
        companyId={companyId}
        session={session && session.sessionId === cancelling ? session : null}
        onClose={closeCancelDialog}
      />
    </>
  );
}
