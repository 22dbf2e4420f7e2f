import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const API = path.dirname(new URL(import.meta.url).pathname);
/** Every context's route modules: api/<context>/routes.ts and api/<context>/<part>-routes.ts. */
const routeFiles = readdirSync(API, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((folder) => readdirSync(path.join(API, folder.name)).filter((file) => file.endsWith('routes.ts')).map((file) => `${folder.name}/${file}`));
/** Kysely's ways into a table, and raw SQL. */
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`/;

/**
 * A read model's tables are read only through its own queries module
 * (projections/<read model>/queries.ts), so a table's shape and its indexes
 * are known in one place: a route calls a query, never writes one.
 */
describe('routes read read models through their queries', () => {
  it('finds the route modules', () => expect(routeFiles.length).toBeGreaterThan(15));

  it.each(routeFiles)('%s holds no SQL', (file) => {
    const lines = readFileSync(path.join(API, file), 'utf8').split('\n');
    const withSql = lines.flatMap((line, index) => (SQL.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
    expect(withSql).toEqual([]);
  });
});
