import { sql } from 'kysely';
import { appKey } from '../../domain/app-usage/categories.ts';
import type { AppCategoryEvent, AppUsageEvent } from '../../domain/app-usage/events.ts';
import { splitByLocalDay } from '../../domain/time-tracking/local-days.ts';
import type { AppCategoriesTable, AppUsageApplicationsTable, AppUsageDaysTable } from '../database.ts';
import { inChunks, type Projection } from '../projection.ts';
import { companyChanges } from '../scope.ts';

type Usage = Omit<AppUsageDaysTable, 'active_ms' | 'idle_ms'> & { active_ms: number; idle_ms: number };

/**
 * Application usage per person, local day, team, project and application,
 * the applications each company has seen, and the categories its Admins
 * chose. A sample over local midnight counts on both days. Categories are
 * applied when the dashboards read, so a change shows at once on every day
 * already recorded.
 */
export const appUsageProjection: Projection = {
  name: 'app-usage',
  tables: ['app_usage_days', 'app_usage_applications', 'app_categories'],
  handles: ['AppUsageRecorded', 'AppCategorySet'],

  async apply(trx, recorded) {
    const usage = new Map<string, Usage>();
    const applications = new Map<string, AppUsageApplicationsTable>();
    const categories = new Map<string, AppCategoriesTable>();
    const companies = new Set<string>();

    for (const event of recorded.map((r) => ({ type: r.type, data: r.data }) as AppUsageEvent | AppCategoryEvent)) {
      const { companyId } = event.data;
      companies.add(companyId);
      if (event.type === 'AppCategorySet') {
        const { application, category, by, at } = event.data;
        const key = appKey(application);
        categories.set(`${companyId}|${key}`, { company_id: companyId, app_key: key, application, category, updated_at: new Date(at), updated_by_name: by.name });
        continue;
      }
      const { userId, teamId, projectId, timeZone, samples } = event.data;
      for (const sample of samples) {
        const key = appKey(sample.application);
        applications.set(`${companyId}|${key}`, { company_id: companyId, app_key: key, application: sample.application });
        const end = new Date(Date.parse(sample.start) + sample.seconds * 1000).toISOString();
        for (const part of splitByLocalDay(sample.start, end, timeZone)) {
          const rowKey = [companyId, userId, part.day, teamId, projectId, key].join('|');
          const row = usage.get(rowKey) ?? { company_id: companyId, user_id: userId, day: part.day, team_id: teamId, project_id: projectId, app_key: key, application: sample.application, active_ms: 0, idle_ms: 0 };
          const ms = Math.round(part.seconds * 1000);
          if (sample.idle) row.idle_ms += ms;
          else row.active_ms += ms;
          row.application = sample.application;
          usage.set(rowKey, row);
        }
      }
    }

    for (const chunk of inChunks([...usage.values()], 3000)) {
      await trx
        .insertInto('app_usage_days')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['company_id', 'user_id', 'day', 'team_id', 'project_id', 'app_key']).doUpdateSet({
            application: sql`excluded.application`,
            active_ms: sql`app_usage_days.active_ms + excluded.active_ms`,
            idle_ms: sql`app_usage_days.idle_ms + excluded.idle_ms`,
          }),
        )
        .execute();
    }
    for (const chunk of inChunks([...applications.values()], 5000)) {
      await trx
        .insertInto('app_usage_applications')
        .values(chunk)
        .onConflict((oc) => oc.columns(['company_id', 'app_key']).doUpdateSet({ application: sql`excluded.application` }))
        .execute();
    }
    for (const chunk of inChunks([...categories.values()], 5000)) {
      await trx
        .insertInto('app_categories')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['company_id', 'app_key']).doUpdateSet({
            application: sql`excluded.application`,
            category: sql`excluded.category`,
            updated_at: sql`excluded.updated_at`,
            updated_by_name: sql`excluded.updated_by_name`,
          }),
        )
        .execute();
    }
    // Productive time on the dashboards depends on both.
    return [...companies].flatMap((companyId) => companyChanges(companyId, 'app-usage', 'dashboards'));
  },
};
