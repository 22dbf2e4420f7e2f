import { Button, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Temporal } from 'temporal-polyfill';
import type { DayRange } from '../../../../domain/dashboards/range.ts';
import { MAX_SCREENSHOT_RANGE_DAYS } from '../../../../domain/screenshots/screenshots.ts';
import { formatRange } from '../format/formatRange';
import { ScreenshotStrip } from './ScreenshotStrip';

interface ScreenshotsButtonProps {
  companyId: string;
  userId: string;
  /** The person's name, for the gallery's title; undefined while it loads. */
  personName: string | undefined;
  range: DayRange;
  /** A day to show the gallery open on (a link to its screenshots), until `onCloseDay` is called. */
  day?: string;
  onCloseDay?: () => void;
}

/**
 * The individual dashboard's 'Screenshots' button: the person's gallery for
 * the range in a modal (its last 31 days for a longer one), or for `day`
 * alone, open from the start, when the page was linked to that day's.
 */
export function ScreenshotsButton({ companyId, userId, personName, range, day, onCloseDay }: ScreenshotsButtonProps) {
  const [buttonOpened, { open, close: closeButton }] = useDisclosure(false);
  const opened = buttonOpened || day !== undefined;
  const shown = day === undefined ? lastDays(range, MAX_SCREENSHOT_RANGE_DAYS) : { from: day, to: day };
  const close = () => {
    closeButton();
    if (day !== undefined) onCloseDay?.();
  };
  return (
    <>
      <Button variant="default" onClick={open}>
        Screenshots
      </Button>
      <Modal opened={opened} onClose={close} title={personName ? `Screenshots · ${personName}` : 'Screenshots'} size="xl">
        <Stack>
          {day === undefined && shown.from !== range.from && (
            <Text size="sm" c="dimmed">
              The last {MAX_SCREENSHOT_RANGE_DAYS} days of the range: {formatRange(shown)}
            </Text>
          )}
          {opened && <ScreenshotStrip companyId={companyId} userId={userId} from={shown.from} to={shown.to} />}
        </Stack>
      </Modal>
    </>
  );
}

function lastDays(range: DayRange, days: number): DayRange {
  const earliest = Temporal.PlainDate.from(range.to).subtract({ days: days - 1 }).toString();
  return { from: range.from > earliest ? range.from : earliest, to: range.to };
}
