import { Paper, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useId } from 'react';

interface StatCardProps {
  title: string;
  /** The figure, undefined while it loads. */
  value: string | undefined;
  /** A share of the tracked time, drawn as a bar under the figure. */
  share?: { percent: number; label: string; color: string };
  /** What the figure means, or why it is empty. */
  caption?: string;
}

/** An overview card: a title, one figure and maybe its share of the tracked time. */
export function StatCard({ title, value, share, caption }: StatCardProps) {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId} aria-busy={value === undefined}>
      <Stack gap={6}>
        <Text id={titleId} size="sm" c="dimmed" fw={600}>
          {title}
        </Text>
        {value === undefined ? (
          <Skeleton h={32} w="60%" />
        ) : (
          <Text fz={28} fw={700} lh={1.15}>
            {value}
          </Text>
        )}
        {share && value !== undefined && (
          <Progress value={Math.min(100, Math.max(0, share.percent))} color={share.color} size="md" aria-label={`${title}: ${share.label}`} />
        )}
        {value === undefined ? (
          <Skeleton h={14} w="40%" />
        ) : (
          caption && (
            <Text size="xs" c="dimmed">
              {caption}
            </Text>
          )
        )}
      </Stack>
    </Paper>
  );
}
