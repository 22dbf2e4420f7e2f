import { type Generated, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

// int8 and numeric as JS numbers would silently lose precision; keep them as strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export interface AccountsTable {
  user_id: string;
  email: string;
  full_name: string;
  email_verified: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface ProjectionCheckpointsTable {
  name: string;
  commit_position: string;
  prepare_position: string;
  updated_at: Generated<Date>;
}

/** Every read model table, as Kysely sees it. */
export interface Database {
  accounts: AccountsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
}

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection dropped by the server is replaced on next use; it must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

export function createDatabase(pool: pg.Pool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
