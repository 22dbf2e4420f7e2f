import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TaskSort } from './TaskRow';

interface TaskSortHeaderProps {
  column: TaskSort;
  sort: TaskSort;
  order: 'asc' | 'desc';
  onSort: (column: TaskSort) => void;
  w?: number;
  children: ReactNode;
}

/** A column header of the tasks table that sorts by its column on the server; a second click reverses the order. */
export function TaskSortHeader({ column, sort, order, onSort, w, children }: TaskSortHeaderProps) {
  const active = column === sort;
  return (
    <Table.Th w={w} aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Text span size="xs" c={active ? 'teal' : 'dimmed'} aria-hidden>
            {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
