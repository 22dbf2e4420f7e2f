import os from 'node:os';

/**
 * How many test files run at once: one per core, each worker with a
 * PostgreSQL server of its own (global-setup.ts). The event store reads only
 * what every transaction of the server has settled (its snapshot's xmin is
 * the whole server's), so files sharing one server would hold back each
 * other's reads. Against one given server (DATABASE_URL), one file at a time.
 */
export const TEST_WORKERS = process.env.DATABASE_URL ? 1 : os.availableParallelism();
