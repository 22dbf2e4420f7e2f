import { Alert, Box, Button, Group, LoadingOverlay, Select, Stack, Text, Textarea, useMatches } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { trackerMessages } from '../../../../domain/time-tracking/tracker.ts';
import { projectsQueryOptions } from '../../shared/projects/projectsQueryOptions';
import { browserTimeZone } from '../../shared/company/timeZoneOptions';
import { DesktopNoticePrompt } from './DesktopNoticePrompt';
import { myTasksQueryOptions } from '../../shared/time-tracking/myTasksQueryOptions';
import { PunchButton } from './PunchButton';
import { TimerClock } from './TimerClock';
import type { TimerDraft } from './TimerDraft';
import type { TimerStatus } from './TimerStatus';
import { useOneActionAtATime } from './useOneActionAtATime';
import { useTimerCommands } from './useTimerCommands';

interface TimerPopupProps {
  companyId: string;
  teamId: string | null;
  status: TimerStatus;
  draft: TimerDraft;
  onDraftChange: (draft: TimerDraft) => void;
  /** Cancel Timer was pressed: the caller asks before discarding the session. */
  onCancel: () => void;
  /** Id for the popup's title, which names the dialog around it. */
  titleId?: string;
}

// The selects sit inside a popover: their option lists must too, or picking one counts as a click outside.
const inPopover = { withinPortal: false } as const;
// Locked while running, but what runs must stay readable.
const runningInput = { input: { opacity: 1, color: 'var(--mantine-color-text)' } };

/** The timer popup (core §2): project, task and details, then Start, or Stop and Cancel while a session runs. */
export function TimerPopup({ companyId, teamId, status, draft, onDraftChange, onCancel, titleId }: TimerPopupProps) {
  const { session } = status;
  const running = session !== null;
  // Core §4: the controls work while a session runs or once the user is punched in.
  const canControl = running || status.punch.isPunchedIn;
  const commands = useTimerCommands(companyId);
  const act = useOneActionAtATime();
  const locked = running || !canControl || commands.isPending;
  const onPhone = useMatches({ base: true, sm: false }, { getInitialValueInEffect: false });

  const projects = useQuery(projectsQueryOptions(companyId));
  const projectId = running ? session.projectId : draft.projectId;
  const tasks = useQuery({ ...myTasksQueryOptions(companyId, projectId ?? ''), enabled: projectId !== null && !running });

  const projectOptions = running
    ? [{ value: session.projectId, label: session.projectName }]
    : (projects.data ?? []).map((project) => ({ value: project.projectId, label: project.name }));
  const taskOptions = running
    ? [{ value: session.taskId, label: session.taskName }]
    : (tasks.data ?? []).map((task) => ({ value: task.taskId, label: `${task.title} — ${task.status}` }));
  // A picked task that left the list (done, reassigned) no longer counts as picked.
  const taskId = running ? session.taskId : taskOptions.some((option) => option.value === draft.taskId) ? draft.taskId : null;

  const projectPlaceholder = projects.isPending ? 'Loading projects…' : projectOptions.length === 0 ? 'No projects available' : 'Select a project';
  const taskPlaceholder =
    projectId === null ? 'Select a project first' : tasks.isPending ? 'Loading tasks…' : taskOptions.length === 0 ? 'No tasks available for this project' : 'Select a task';
  const missing = projectId === null ? 'Please select a project' : taskId === null ? 'Please select a task' : null;

  const start = () => {
    if (!projectId || !taskId || !teamId) return;
    const input = { teamId, projectId, taskId, taskDetails: draft.taskDetails.trim(), timeZone: browserTimeZone() };
    act((key) => commands.start.mutateAsync({ key, input }).then(() => onDraftChange({ ...draft, taskDetails: '' })));
  };

  const projectFocusable = !locked && projectOptions.length > 0;
  const popupRef = useRef<HTMLDivElement>(null);
  const projectRef = useRef<HTMLInputElement>(null);
  const mainButtonRef = useRef<HTMLButtonElement>(null);
  const wasPending = useRef(false);
  // A button disabled while its command runs drops the focus: once the command is done, the focus
  // comes back to Start or Stop rather than to the page's start.
  useEffect(() => {
    const done = wasPending.current && !commands.isPending;
    wasPending.current = commands.isPending;
    if (done && document.activeElement === document.body) mainButtonRef.current?.focus();
  }, [commands.isPending]);
  // Opened before the projects came: once they do, the focus the popup holds moves on to the project field.
  useEffect(() => {
    if (projectFocusable && document.activeElement === popupRef.current) projectRef.current?.focus();
  }, [projectFocusable]);

  return (
    // The popup takes the focus on opening: in the project field when it can be used, else in the popup
    // itself (Escape closes it, Tab goes on), never in a button a stray Enter would press.
    <Box ref={popupRef} pos="relative" tabIndex={-1} data-autofocus={projectFocusable ? undefined : true} style={{ outline: 'none' }}>
      <LoadingOverlay visible={commands.isPending} overlayProps={{ blur: 1 }} />
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Text fw={600} id={titleId}>
            Timer
          </Text>
          <Text ff="monospace" fz="xl" fw={700} c={running ? 'teal' : 'dimmed'} aria-label="Elapsed time">
            <TimerClock startedAt={session?.startedAt ?? null} />
          </Text>
        </Group>

        {/* The top bar has no room for the punch control on phones: it lives here there. Not merely hidden
            elsewhere, or the popup's focus trap picks the invisible button and the focus stays outside. */}
        {onPhone && <PunchButton companyId={companyId} status={status} fullWidth />}
        {!canControl && (
          <Alert color="yellow" variant="light" p="xs">
            {trackerMessages.mustPunchIn}
          </Alert>
        )}
        {running && session.source !== 'web' && (
          <Alert color="blue" variant="light" p="xs">
            This timer runs in the {session.source} app.
          </Alert>
        )}

        <Select
          ref={projectRef}
          label="Project"
          placeholder={projectPlaceholder}
          data={projectOptions}
          value={projectId}
          onChange={(value) => onDraftChange({ ...draft, projectId: value, taskId: null })}
          disabled={!projectFocusable}
          searchable
          nothingFoundMessage="No matching project"
          comboboxProps={inPopover}
          styles={running ? runningInput : undefined}
          required
          data-autofocus={projectFocusable ? true : undefined}
        />
        <Select
          label="Task"
          placeholder={taskPlaceholder}
          data={taskOptions}
          value={taskId}
          onChange={(value) => onDraftChange({ ...draft, taskId: value })}
          // Not disabled while the tasks load, so Tab from the project field lands here.
          disabled={locked || projectId === null || (!tasks.isPending && taskOptions.length === 0)}
          searchable
          nothingFoundMessage="No matching task"
          comboboxProps={inPopover}
          styles={running ? runningInput : undefined}
          required
        />
        <Textarea
          label="Task details"
          placeholder="What are you working on? (optional)"
          value={running ? session.taskDetails : draft.taskDetails}
          onChange={(event) => onDraftChange({ ...draft, taskDetails: event.currentTarget.value })}
          disabled={locked}
          styles={running ? runningInput : undefined}
          maxLength={2000}
          autosize
          minRows={2}
          maxRows={5}
        />

        <Group grow>
          {running ? (
            <Button
              ref={mainButtonRef}
              color="red"
              onClick={() => act((key) => commands.stop.mutateAsync({ key, input: session.sessionId }))}
              disabled={commands.isPending}
            >
              Stop Timer
            </Button>
          ) : (
            <Button
              ref={mainButtonRef}
              onClick={start}
              disabled={!canControl || missing !== null || !teamId || commands.isPending}
              title={missing ?? undefined}
            >
              Start Timer
            </Button>
          )}
          <Button variant="default" onClick={onCancel} disabled={!running || commands.isPending}>
            Cancel Timer
          </Button>
        </Group>
        <DesktopNoticePrompt />
      </Stack>
    </Box>
  );
}
