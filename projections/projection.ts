import type { Transaction } from 'kysely';
import type { RecordedEvent } from '../eventstore/types.ts';
import type { Database } from './database.ts';
import type { Scope } from '../domain/shared/scope.ts';

export type { Scope } from '../domain/shared/scope.ts';

/**
 * A read model built from the log. Its tables are created by a migration and
 * must not use serial columns (use identity) or foreign keys to other read
 * models, so that a rebuild can create fresh copies and swap them in.
 */
export interface Projection {
  name: string;
  tables: readonly string[];
  handles: readonly string[];
  /**
   * Applies a batch of the events it handles, in log order, inside the batch
   * transaction; returns what changed. Handlers write a batch in few
   * statements (load the touched rows, fold in memory, upsert), which is what
   * keeps catch-up and rebuilds fast on a long log. What changed is named as
   * narrowly as the browsers' queries show it (see Scope): a change nobody
   * sees tells nobody.
   */
  apply(trx: Transaction<Database>, events: RecordedEvent[]): Promise<Scope[]>;
}

/** Rows in slices small enough for one statement's parameters (PostgreSQL allows 65,535). */
export function inChunks<T>(rows: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}
