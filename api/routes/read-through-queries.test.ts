import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROUTES = path.dirname(new URL(import.meta.url).pathname);
/** Kysely's ways into a table, and raw SQL. */
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`/;

/**
 * A read model's tables are read only through its own queries module
 * (projections/<read model>/queries.ts), so a table's shape and its indexes
 * are known in one place: a route calls a query, never writes one.
 */
describe('routes read read models through their queries', () => {
  const routeFiles = readdirSync(ROUTES).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

  it.each(routeFiles)('%s holds no SQL', (file) => {
    const lines = readFileSync(path.join(ROUTES, file), 'utf8').split('\n');
    const withSql = lines.flatMap((line, index) => (SQL.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
    expect(withSql).toEqual([]);
  });
});
