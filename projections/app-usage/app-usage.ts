import { sql, type Transaction } from 'kysely';
import { claim, type Interval } from '../../domain/accounting/intervals.ts';
import { appKey } from '../../domain/app-usage/categories.ts';
import type { AppCategoryEvent, AppUsageEvent, AppUsageSample } from '../../domain/app-usage/events.ts';
import { splitByLocalDay } from '../../domain/time-tracking/local-days.ts';
import type { AppCategoriesTable, AppUsageApplicationsTable, AppUsageDaysTable, AppUsageIntervalsTable, Database } from '../database.ts';
import { inChunks, type Projection } from '../projection.ts';
import { companyChanges } from '../../domain/shared/scope.ts';

type Usage = Omit<AppUsageDaysTable, 'active_ms' | 'idle_ms'> & { active_ms: number; idle_ms: number };

/**
 * Application usage per person, local day, team, project and application,
 * the applications each company has seen, and the categories its Admins
 * chose. A person's usage is a set of intervals: each moment counts once,
 * for the sample recorded first (in log order) that covers it, so a replayed
 * or overlapping batch never adds time; `app_usage_intervals` keeps what was
 * counted. A sample over local midnight counts on both days. Categories are
 * applied when the dashboards read, so a change shows at once on every day
 * already recorded.
 */
export const appUsageProjection: Projection = {
  name: 'app-usage',
  tables: ['app_usage_days', 'app_usage_intervals', 'app_usage_applications', 'app_categories'],
  handles: ['AppUsageRecorded', 'AppCategorySet'],

  async apply(trx, recorded) {
    const events = recorded.map((r) => ({ type: r.type, data: r.data }) as AppUsageEvent | AppCategoryEvent);
    const people = await loadCountedTime(trx, events.flatMap((event) => (event.type === 'AppUsageRecorded' ? [event.data] : [])));
    const usage = new Map<string, Usage>();
    const applications = new Map<string, AppUsageApplicationsTable>();
    const categories = new Map<string, AppCategoriesTable>();
    const companies = new Set<string>();

    for (const event of events) {
      const { companyId } = event.data;
      companies.add(companyId);
      if (event.type === 'AppCategorySet') {
        const { application, category, by, at } = event.data;
        const key = appKey(application);
        categories.set(`${companyId}|${key}`, { company_id: companyId, app_key: key, application, category, updated_at: new Date(at), updated_by_name: by.name });
        continue;
      }
      const { userId, teamId, projectId, timeZone, samples } = event.data;
      const counted = people.get(personKey(event.data))!.counted;
      for (const sample of samples) {
        const key = appKey(sample.application);
        applications.set(`${companyId}|${key}`, { company_id: companyId, app_key: key, application: sample.application });
        const parts = claim(counted, sampleInterval(sample)).flatMap(({ start, end }) => splitByLocalDay(iso(start), iso(end), timeZone));
        for (const part of parts) {
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

    await saveCountedTime(trx, people);
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

/** A person's counted time around the batch's samples, sorted and merged: as stored before the batch, and as the batch leaves it. */
interface CountedTime {
  companyId: string;
  userId: string;
  stored: Interval[];
  counted: Interval[];
}

const personKey = (person: { companyId: string; userId: string }) => `${person.companyId}|${person.userId}`;
const iso = (ms: number) => new Date(ms).toISOString();
const sampleInterval = (sample: AppUsageSample): Interval => {
  const start = Date.parse(sample.start);
  return { start, end: start + sample.seconds * 1000 };
};

/**
 * The stored intervals of the batch's people that meet or touch the time its
 * samples span (touching ones, so that what is written back stays merged):
 * one query per 5,000 people.
 */
async function loadCountedTime(trx: Transaction<Database>, batches: AppUsageEvent['data'][]): Promise<Map<string, CountedTime>> {
  const people = new Map(batches.map(({ companyId, userId }) => [personKey({ companyId, userId }), { companyId, userId, stored: [] as Interval[], counted: [] as Interval[] }]));
  const spans = batches.flatMap((batch) => batch.samples.map(sampleInterval));
  const from = new Date(spans.reduce((earliest, span) => Math.min(earliest, span.start), Infinity));
  const to = new Date(spans.reduce((latest, span) => Math.max(latest, span.end), -Infinity));
  for (const chunk of inChunks([...people.values()], 5000)) {
    const rows = await trx
      .selectFrom('app_usage_intervals')
      .select(['company_id', 'user_id', 'start_at', 'end_at'])
      .where((eb) => eb(eb.refTuple('company_id', 'user_id'), 'in', chunk.map((p) => eb.tuple(p.companyId, p.userId))))
      .where('end_at', '>=', from)
      .where('start_at', '<=', to)
      .orderBy('start_at')
      .execute();
    for (const row of rows) people.get(personKey({ companyId: row.company_id, userId: row.user_id }))!.stored.push({ start: row.start_at.getTime(), end: row.end_at.getTime() });
  }
  for (const person of people.values()) person.counted = [...person.stored];
  return people;
}

/** Writes back what the batch changed: deletes the stored intervals it merged into others, inserts the merged ones. */
async function saveCountedTime(trx: Transaction<Database>, people: Map<string, CountedTime>): Promise<void> {
  const rows = ({ companyId, userId }: CountedTime, intervals: Interval[]): AppUsageIntervalsTable[] =>
    intervals.map(({ start, end }) => ({ company_id: companyId, user_id: userId, start_at: new Date(start), end_at: new Date(end) }));
  const notIn = (intervals: Interval[], others: Interval[]) => {
    const keys = new Set(others.map(({ start, end }) => `${start}-${end}`));
    return intervals.filter(({ start, end }) => !keys.has(`${start}-${end}`));
  };
  const replaced = [...people.values()].flatMap((person) => rows(person, notIn(person.stored, person.counted)));
  const replacements = [...people.values()].flatMap((person) => rows(person, notIn(person.counted, person.stored)));
  for (const chunk of inChunks(replaced, 5000)) {
    await trx
      .deleteFrom('app_usage_intervals')
      .where((eb) => eb(eb.refTuple('company_id', 'user_id', 'start_at'), 'in', chunk.map((row) => eb.tuple(row.company_id, row.user_id, row.start_at))))
      .execute();
  }
  for (const chunk of inChunks(replacements, 5000)) await trx.insertInto('app_usage_intervals').values(chunk).execute();
}
