import { AspectRatio, Center, Image, Paper, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { localDay } from '../../../../domain/time-tracking/local-days.ts';
import { formatClock } from '../format/formatClock';
import { formatDay } from '../format/formatDay';
import { LoadFailedAlert } from '../ui/LoadFailedAlert';
import { screenshotQueries } from './screenshotQueries';
import type { Screenshot } from './screenshotsApi';
import { ScreenshotViewer } from './ScreenshotViewer';

interface ScreenshotStripProps {
  companyId: string;
  userId: string;
  /** Local days, both included (at most 31). */
  from: string;
  to: string;
}

/**
 * A person's screenshots of a range as thumbnails by day; one opens in the
 * viewer. A deleted one stays as a note of who deleted it; those the
 * retention period removed are counted in one note.
 */
export function ScreenshotStrip({ companyId, userId, from, to }: ScreenshotStripProps) {
  const shots = useQuery(screenshotQueries.list(companyId, userId, { from, to }));
  const [opened, setOpened] = useState<string | null>(null);

  if (shots.isError) return <LoadFailedAlert error={shots.error} />;
  if (shots.isPending) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} aria-busy>
        {[0, 1, 2, 3].map((tile) => (
          <Skeleton key={tile} h={150} />
        ))}
      </SimpleGrid>
    );
  }
  // Those the retention period removed are one note, not a tile each: a range past it would be nothing but them.
  const expired = shots.data.screenshots.filter((shot) => shot.expiredAfterDays !== null);
  const all = shots.data.screenshots.filter((shot) => shot.expiredAfterDays === null);
  if (all.length === 0 && expired.length === 0) {
    return (
      <Center mih={150}>
        <Text c="dimmed">No screenshots in this range</Text>
      </Center>
    );
  }
  const viewable = all.filter((shot) => shot.imageUrl !== null);
  return (
    <Stack gap="lg">
      {expired.length > 0 && (
        <Text size="sm" c="dimmed">
          {`${expired.length === 1 ? '1 screenshot' : `${expired.length} screenshots`} of this range removed after the company's retention period (${expired[0].expiredAfterDays} days).`}
        </Text>
      )}
      {byDay(all).map(([day, dayShots]) => (
        <Stack key={day} gap="xs">
          <Title order={3} size="h5">
            {formatDay(day)}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
            {dayShots.map((shot) => (
              <Tile key={shot.screenshotId} shot={shot} onOpen={() => setOpened(shot.screenshotId)} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      <ScreenshotViewer companyId={companyId} shots={viewable} openedId={opened} onOpen={setOpened} onClose={() => setOpened(null)} />
    </Stack>
  );
}

/** The shots by the local day each was taken on, in order. */
function byDay(shots: Screenshot[]): [string, Screenshot[]][] {
  const days = new Map<string, Screenshot[]>();
  for (const shot of shots) {
    const day = localDay(shot.takenAt, shot.timeZone);
    days.set(day, [...(days.get(day) ?? []), shot]);
  }
  return [...days];
}

function Tile({ shot, onOpen }: { shot: Screenshot; onOpen: () => void }) {
  const time = formatClock(shot.takenAt, shot.timeZone);
  const application = shot.application ?? 'Unknown application';
  if (!shot.thumbnailUrl) {
    return (
      <Paper withBorder radius="md" p="xs">
        <AspectRatio ratio={16 / 10}>
          <Center bg="var(--mantine-color-default-hover)">
            <Text size="sm" c="dimmed" ta="center">
              Deleted{shot.deletedBy ? ` by ${shot.deletedBy.name}` : ''}
            </Text>
          </Center>
        </AspectRatio>
        <Caption time={time} application={application} />
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="xs">
      <UnstyledButton onClick={onOpen} w="100%">
        <AspectRatio ratio={16 / 10}>
          <Image src={shot.thumbnailUrl} alt="Screenshot" fit="cover" radius="sm" />
        </AspectRatio>
        <Caption time={time} application={application} />
      </UnstyledButton>
    </Paper>
  );
}

function Caption({ time, application }: { time: string; application: string }) {
  return (
    <Stack gap={0} mt={6}>
      <Text size="sm" fw={500}>
        {time}
      </Text>
      <Text size="xs" c="dimmed" truncate="end">
        {application}
      </Text>
    </Stack>
  );
}
