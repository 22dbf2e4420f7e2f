import type { Kysely } from 'kysely';
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
  }));
}

/** A screenshot of the company, not deleted, of a person the viewer may see on the dashboards; undefined for anything else. */
export async function seenScreenshot(db: Kysely<Database>, companyId: string, viewer: DashboardViewer, screenshotId: string) {
  const row = await db
    .selectFrom('screenshots')
    .select('user_id')
    .where('screenshot_id', '=', screenshotId)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('user_id', 'in', seenOnDashboards(db, companyId, viewer).select('m.user_id'))
    .executeTakeFirst();
  return row && { companyId, userId: row.user_id, screenshotId };
}
