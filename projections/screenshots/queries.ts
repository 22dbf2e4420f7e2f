import { type Kysely, sql } from 'kysely';
import type { DayRange } from '../../domain/dashboards/range.ts';
import { type DashboardViewer, seenOnDashboards } from '../dashboards/queries.ts';
import type { Database } from '../database.ts';

/** One person's screenshots taken on the local days of a range, deleted ones included, oldest first. */
export async function screenshotsOf(db: Kysely<Database>, companyId: string, userId: string, range: DayRange) {
  const rows = await db
    .selectFrom('screenshots')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .orderBy('taken_at')
    .orderBy('screenshot_id')
    .execute();
  return rows.map((row) => ({
    screenshotId: row.screenshot_id,
    userId: row.user_id,
    takenAt: row.taken_at.toISOString(),
    timeZone: row.time_zone,
    application: row.application,
    windowTitle: row.window_title,
    width: row.width,
    height: row.height,
    deletedAt: row.deleted_at?.toISOString() ?? null,
    deletedBy: row.deleted_by && row.deleted_by_name !== null ? { userId: row.deleted_by, name: row.deleted_by_name } : null,
    /** Removed by the company's retention period, which kept screenshots so many days then. */
    expiredAfterDays: row.expired_after_days,
  }));
}

/** A screenshot of the company, not deleted, with where its files are, of a person the viewer may see on the dashboards; undefined for anything else. */
export async function seenScreenshot(db: Kysely<Database>, companyId: string, viewer: DashboardViewer, screenshotId: string) {
  const row = await db
    .selectFrom('screenshots')
    .select(['user_id', 'file'])
    .where('screenshot_id', '=', screenshotId)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('user_id', 'in', seenOnDashboards(db, companyId, viewer).select('m.user_id'))
    .executeTakeFirst();
  return row && { companyId, userId: row.user_id, screenshotId, file: row.file };
}

/**
 * Screenshots kept longer than their company keeps them, the oldest first,
 * for the retention sweep: candidates only, as the read model may lag; the
 * sweep decides each on its streams. A company without settings keeps them
 * `defaultDays`; one that keeps them until deleted has none.
 */
export async function screenshotsPastRetention(db: Kysely<Database>, now: Date, defaultDays: number, limit: number) {
  return db
    .selectFrom('screenshots as s')
    .leftJoin('company_settings as c', 'c.company_id', 's.company_id')
    .select(['s.company_id as companyId', 's.screenshot_id as screenshotId'])
    .where('s.deleted_at', 'is', null)
    .where(({ eb, ref }) =>
      eb('s.taken_at', '<', sql<Date>`${now}::timestamptz - make_interval(days => CASE WHEN ${ref('c.company_id')} IS NULL THEN ${defaultDays}::int ELSE ${ref('c.screenshot_retention_days')} END)`),
    )
    .orderBy('s.taken_at')
    .limit(limit)
    .execute();
}

