import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useState } from 'react';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useCompanyCommand } from '../commands/useCompanyCommand';
import { formatShotTime } from './formatShotTime';
import { type Screenshot, screenshotsApi } from './screenshotsApi';
import { wrapIndex } from './wrapIndex';

interface ScreenshotViewerProps {
  companyId: string;
  /** The screenshots one can page through, in order (deleted ones are not among them). */
  shots: Screenshot[];
  /** The one shown; null (or one no longer listed): closed. */
  openedId: string | null;
  onOpen: (screenshotId: string) => void;
  onClose: () => void;
}

/**
 * One screenshot in full, with its time (in the zone it was taken in) and
 * application. Previous and Next wrap around (core §9), also with the arrow
 * keys; its person may delete it within 24 hours of taking it.
 */
export function ScreenshotViewer({ companyId, shots, openedId, onOpen, onClose }: ScreenshotViewerProps) {
  const index = shots.findIndex((shot) => shot.screenshotId === openedId);
  const shot = index >= 0 ? shots[index] : null;
  const [confirming, setConfirming] = useState(false);
  const removal = useCompanyCommand(companyId, (screenshotId: string) => screenshotsApi.remove(companyId, screenshotId), { errorTitle: 'Screenshot deletion failed' });

  const step = (by: number) => onOpen(shots[wrapIndex(index, by, shots.length)].screenshotId);
  const paging = shot !== null && !confirming;
  useHotkeys([
    ['ArrowLeft', () => paging && step(-1)],
    ['ArrowRight', () => paging && step(1)],
  ]);

  const remove = () => {
    if (!shot) return;
    const next = shots.length > 1 ? shots[wrapIndex(index, 1, shots.length)].screenshotId : null;
    removal.mutate(shot.screenshotId, {
      onSuccess: () => {
        setConfirming(false);
        if (next) onOpen(next);
        else onClose();
      },
    });
  };

  const time = shot ? formatShotTime(shot.takenAt, shot.timeZone) : '';
  const application = shot?.application ?? 'Unknown application';
  return (
    <>
      <Modal opened={shot !== null} onClose={onClose} title={time} size="xl">
        {shot && (
          <Stack>
            <Image src={shot.imageUrl} alt={`Screenshot of ${time}, ${application}`} fit="contain" mah="65vh" radius="sm" />
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2} miw={0}>
                <Text fw={500}>{application}</Text>
                {shot.windowTitle && (
                  <Text size="sm" c="dimmed" truncate="end">
                    {shot.windowTitle}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {shot.timeZone}
                </Text>
              </Stack>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {index + 1} of {shots.length}
              </Text>
            </Group>
            <Group justify="space-between">
              <Group gap="xs">
                <Button variant="default" onClick={() => step(-1)}>
                  Previous
                </Button>
                <Button variant="default" onClick={() => step(1)}>
                  Next
                </Button>
              </Group>
              {shot.deletable && (
                <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                  Delete
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={confirming}
        title="Delete screenshot"
        message="Delete this screenshot for good? Those who may see your screenshots will see that one was deleted."
        confirmLabel="Delete"
        loading={removal.isPending}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
