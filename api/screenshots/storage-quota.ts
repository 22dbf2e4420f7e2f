import { type Kysely, sql } from 'kysely';
import type { Database } from '../../projections/database.ts';

/** Storage is told in decimal units, as disks are: 5,000 MB is 5 GB. */
export const MEGABYTE = 1_000_000;

export const storageMessages = {
  full: (limitMb: number) => `This company's screenshot storage is full (${limitMb.toLocaleString('en-US')} MB). An Admin can shorten the retention period on Settings.`,
} as const;

/** A company's screenshot storage cannot take an upload this size: answered 413. */
export class StorageFullError extends Error {
  constructor(readonly limitMb: number) {
    super(storageMessages.full(limitMb));
    this.name = 'StorageFullError';
  }
}

/**
 * The bytes of screenshots each company stores, at most `limitMb` each. An
 * upload reserves its bytes before its files are written, in one atomic
 * statement (concurrent uploads cannot together pass the limit), under the
 * name of its files; they are given back by that name when the upload fails,
 * loses a race, or its screenshot is deleted or expires, once however often
 * it is asked. Kept in PostgreSQL, shared by every API process; not a read
 * model.
 */
export function screenshotStorage(db: Kysely<Database>, limitMb: number) {
  const limitBytes = limitMb * MEGABYTE;

  /** The bytes a company stores. */
  const used = async (companyId: string): Promise<number> => {
    const row = await db.selectFrom('screenshot_storage').select('used_bytes').where('company_id', '=', companyId).executeTakeFirst();
    return Number(row?.used_bytes ?? 0);
  };

  return {
    ...uploadReservations(db),
    limitBytes,
    used,

    /** Refuses early, before an image is decoded, when the company has no room left at all. */
    async ensureRoom(companyId: string): Promise<void> {
      if ((await used(companyId)) >= limitBytes) throw new StorageFullError(limitMb);
    },

    /** Reserves the bytes of an upload's files, or refuses (nothing reserved) when they do not fit. */
    async reserve(upload: { file: string; companyId: string; screenshotId: string; bytes: number; at: Date }): Promise<void> {
      const { file, companyId, screenshotId, bytes, at } = upload;
      if (bytes > limitBytes) throw new StorageFullError(limitMb);
      const { rows } = await sql<{ file: string }>`
        WITH grown AS (
          INSERT INTO screenshot_storage AS s (company_id, used_bytes) VALUES (${companyId}, ${bytes})
          ON CONFLICT (company_id) DO UPDATE SET used_bytes = s.used_bytes + excluded.used_bytes
          WHERE s.used_bytes + excluded.used_bytes <= ${limitBytes}
          RETURNING company_id
        )
        INSERT INTO screenshot_uploads (file, company_id, screenshot_id, bytes, reserved_at, recorded)
        SELECT ${file}, company_id, ${screenshotId}, ${bytes}, ${at}, false FROM grown
        RETURNING file`.execute(db);
      if (rows.length === 0) throw new StorageFullError(limitMb);
    },
  };
}

export type ScreenshotStorage = ReturnType<typeof screenshotStorage>;

/** What an upload reserved, once its files are there: marked recorded, or given back. */
export function uploadReservations(db: Kysely<Database>) {
  return {
    /** The upload's event was recorded: its files are a screenshot's, no longer a possibly crashed upload's. */
    async recorded(file: string): Promise<void> {
      await db.updateTable('screenshot_uploads').set({ recorded: true }).where('file', '=', file).execute();
    },

    /** Gives back what an upload's files reserved; nothing when it was given back already (or never reserved). */
    async giveBack(file: string): Promise<void> {
      await sql`
        WITH gone AS (DELETE FROM screenshot_uploads WHERE file = ${file} RETURNING company_id, bytes)
        UPDATE screenshot_storage s SET used_bytes = s.used_bytes - gone.bytes FROM gone WHERE s.company_id = gone.company_id`.execute(db);
    },
  };
}

export type UploadReservations = ReturnType<typeof uploadReservations>;
