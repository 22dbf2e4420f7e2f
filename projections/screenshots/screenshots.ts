import type { Insertable } from 'kysely';
import { type ScreenshotEvent, screenshotFileStem } from '../../domain/screenshots/events.ts';
import { localDay } from '../../domain/time-tracking/local-days.ts';
import type { ScreenshotsTable } from '../database.ts';
import { inChunks, type Projection } from '../projection.ts';
import { companyItemChanged } from '../../domain/shared/scope.ts';

/**
 * Screenshots by person and local day, for the galleries. Taking one inserts
 * its row (a replayed event inserts nothing); deleting one marks its row, so
 * that those who see the person see that one was deleted, and by whom, or
 * that the retention period removed it. Deletions are rare next to takes:
 * one statement each, after the batch's inserts.
 */
export const screenshotsProjection: Projection = {
  name: 'screenshots',
  tables: ['screenshots'],
  handles: ['ScreenshotTaken', 'ScreenshotDeleted', 'ScreenshotExpired'],

  async apply(trx, recorded) {
    const events = recorded.map((r) => ({ type: r.type, data: r.data }) as ScreenshotEvent);
    const rows: Insertable<ScreenshotsTable>[] = [];
    const deletions: Extract<ScreenshotEvent, { type: 'ScreenshotDeleted' | 'ScreenshotExpired' }>[] = [];
    for (const event of events) {
      if (event.type !== 'ScreenshotTaken') {
        deletions.push(event);
        continue;
      }
      const data = event.data;
      rows.push({
        screenshot_id: data.screenshotId,
        company_id: data.companyId,
        user_id: data.userId,
        session_id: data.sessionId,
        team_id: data.teamId,
        day: localDay(data.takenAt, data.timeZone),
        taken_at: new Date(data.takenAt),
        time_zone: data.timeZone,
        application: data.application,
        window_title: data.windowTitle,
        width: data.width,
        height: data.height,
        bytes: data.bytes,
        thumbnail_width: data.thumbnailWidth,
        thumbnail_height: data.thumbnailHeight,
        file: screenshotFileStem(data),
      });
    }
    for (const chunk of inChunks(rows, 1_000)) {
      await trx.insertInto('screenshots').values(chunk).onConflict((oc) => oc.column('screenshot_id').doNothing()).execute();
    }
    for (const { type, data } of deletions) {
      await trx
        .updateTable('screenshots')
        .set(
          type === 'ScreenshotDeleted'
            ? { deleted_at: new Date(data.at), deleted_by: data.by.userId, deleted_by_name: data.by.name }
            : { deleted_at: new Date(data.at), expired_after_days: data.retentionDays },
        )
        .where('company_id', '=', data.companyId)
        .where('screenshot_id', '=', data.screenshotId)
        .execute();
    }
    return events.map(({ data }) => companyItemChanged(data.companyId, 'screenshots', data.userId));
  },
};
