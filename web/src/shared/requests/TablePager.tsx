import { Group, Pagination, Select, Text } from '@mantine/core';

/** Which page of a table is shown, and how many rows a page holds. */
export interface TablePage {
  page: number;
  pageSize: number;
}

interface TablePagerProps extends TablePage {
  total: number;
  /** What one row is and what several are, for the count and the pages' accessible name: ['request', 'requests']. */
  nouns: readonly [string, string];
  onChange: (paging: TablePage) => void;
}

/** Management §9: 10, 20 or 50 rows a page. */
const PAGE_SIZES = ['10', '20', '50'];

/** A table's count, its rows per page and its pages. */
export function TablePager({ total, page, pageSize, nouns, onChange }: TablePagerProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {total} {total === 1 ? nouns[0] : nouns[1]} · Rows per page
        </Text>
        <Select
          aria-label="Rows per page"
          data={PAGE_SIZES}
          value={String(pageSize)}
          onChange={(size) => size && onChange({ page: 1, pageSize: Number(size) })}
          allowDeselect={false}
          w={80}
          size="xs"
        />
      </Group>
      {pageCount > 1 && <Pagination total={pageCount} value={Math.min(page, pageCount)} onChange={(next) => onChange({ page: next, pageSize })} aria-label={`Pages of ${nouns[1]}`} />}
    </Group>
  );
}
