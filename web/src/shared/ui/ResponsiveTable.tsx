import { Table, type TableProps, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './ResponsiveTable.module.css';
import { usePhone } from './usePhone';

export interface ResponsiveTableColumn<Row> {
  /** The column's header, and the name over its value on a card. */
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  width?: number;
  align?: 'center';
  nowrap?: boolean;
  /** On a card the value takes the whole width (a name, a value with a badge). */
  wide?: boolean;
  /** Left off the cards: what a card's place in the list says already (a serial number). */
  tableOnly?: boolean;
}

interface ResponsiveTableProps<Row> extends Pick<TableProps, 'striped' | 'highlightOnHover'> {
  /** Names the table, and the region it scrolls sideways in. */
  label: string;
  columns: ResponsiveTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** From 600 px, the table scrolls sideways when narrower than this. */
  minWidth: number;
  /** How many values a card holds side by side. */
  cardColumns?: number;
}

/**
 * A table, and under 600 px the same table with each row as a card: its
 * values under their columns' names, which screen readers still hear from
 * the (hidden) header row.
 */
export function ResponsiveTable<Row>({ label, columns, rows, rowKey, minWidth, cardColumns = 2, ...tableProps }: ResponsiveTableProps<Row>) {
  // On a phone rows are cards: every value shows without scrolling sideways.
  const cards = usePhone();

  if (cards) {
    const shown = columns.filter((column) => !column.tableOnly);
    return (
      <Table
        {...tableProps}
        className={classes.cards}
        style={{ '--card-columns': cardColumns } as CSSProperties}
        role="table"
        aria-label={label}
      >
        <Table.Thead className={classes.header} role="rowgroup">
          <Table.Tr role="row">
            {shown.map((column) => (
              <Table.Th key={column.header} role="columnheader">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row)} role="row">
              {shown.map((column) => (
                <Table.Td key={column.header} role="cell" data-wide={column.wide || undefined}>
                  {/* Heard once, from the column header. */}
                  <Text size="xs" c="dimmed" aria-hidden>
                    {column.header}
                  </Text>
                  <div>{column.cell(row, index)}</div>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    // A table that scrolls sideways is reached and scrolled by keyboard too: it may have no control of its own to focus.
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}>
      <Table verticalSpacing="xs" {...tableProps} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} w={column.width} ta={column.align}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.header} ta={column.align} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {column.cell(row, index)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
