import { Group, Pagination, Select, Text } from '@mantine/core';

interface TablePagerProps {
  total: number;
  page: number;
  pageSize: number;
  /** What one row is and what several are, for the count and the pages' accessible name: ['request', 'requests']. */
  nouns: readonly [string, string];
  onChange: (paging: { page: number; pageSize: number }) => void;
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

/** The rows of the page shown. */
export const pageOf = <Row,>(rows: readonly Row[], page: number, pageSize: number): Row[] => {
  const last = Math.max(1, Math.ceil(rows.length / pageSize));
  const start = (Math.min(page, last) - 1) * pageSize;
  return rows.slice(start, start + pageSize);
};
