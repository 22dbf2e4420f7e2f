import { Center, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface DashboardPanelProps<Data> {
  title: string;
  /** The dashboard's data, undefined while it loads. */
  data: Data | undefined;
  /** Why there is nothing to show, or null. */
  emptyText?: (data: Data) => string | null;
  /** Of the content, so the panel keeps its size from loading to loaded. */
  height?: number;
  action?: (data: Data) => ReactNode;
  children: (data: Data) => ReactNode;
}

/** A titled panel of a dashboard: a skeleton while loading, the reason when empty, else its chart or list. */
export function DashboardPanel<Data>({ title, data, emptyText, height = 220, action, children }: DashboardPanelProps<Data>) {
  const titleId = useId();
  const empty = data === undefined ? null : (emptyText?.(data) ?? null);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId} aria-busy={data === undefined}>
      <Group justify="space-between" mb="sm" mih={28} wrap="nowrap">
        <Title order={4} id={titleId}>
          {title}
        </Title>
        {data !== undefined && action?.(data)}
      </Group>
      {data === undefined ? (
        <Skeleton h={height} />
      ) : empty ? (
        <Center mih={height}>
          <Text c="dimmed" ta="center">
            {empty}
          </Text>
        </Center>
      ) : (
        children(data)
      )}
    </Paper>
  );
}
