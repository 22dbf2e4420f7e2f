import type { TablePage } from './TablePager';

/** A page of a whole list, as a server answers a paged table: the rows shown, and how many there are in all. */
export function pageOf<Row>(rows: readonly Row[], { page, pageSize }: TablePage): { requests: Row[]; total: number } {
  const last = Math.max(1, Math.ceil(rows.length / pageSize));
  const start = (Math.min(page, last) - 1) * pageSize;
  return { requests: rows.slice(start, start + pageSize), total: rows.length };
}
