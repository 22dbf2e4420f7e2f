import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AppCategoryEvent, AppUsageEvent } from '../../domain/app-usage/events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { readAllSettled, useTestDatabase } from '../../tests/support/test-database.ts';
import { rebuildProjection } from '../rebuild.ts';
import { appUsageProjection } from './app-usage.ts';
import { unproductiveByUnit } from './unproductive.ts';

const teamId = randomUUID();
const otherTeamId = randomUUID();
const projectId = randomUUID();
const ada = { userId: randomUUID(), name: 'Ada Admin' };

let position = 0;
const recorded = (event: AppUsageEvent | AppCategoryEvent): RecordedEvent => {
  position++;
  return {
    eventId: randomUUID(),
    streamId: `app-usage-${randomUUID()}`,
    version: 1,
    position: { commit: 1n, prepare: BigInt(position) },
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'test' },
    recordedAt: new Date().toISOString(),
  };
};

const batch = (companyId: string, userId: string, team: string, samples: [string, string, number, boolean][]): AppUsageEvent => ({
  type: 'AppUsageRecorded',
  data: {
    companyId,
    userId,
    batchId: randomUUID(),
    sessionId: randomUUID(),
    teamId: team,
    projectId,
    timeZone: 'Asia/Kolkata',
    samples: samples.map(([application, start, seconds, idle]) => ({ application, windowTitle: null, start, seconds, idle })),
  },
});

/** Two people over an Indian midnight (18:30 UTC): YouTube across it, Slack idle, and Slack called unproductive. */
const history = (companyId: string, ana: string, bob: string): (AppUsageEvent | AppCategoryEvent)[] => [
  batch(companyId, ana, teamId, [
    ['YouTube', '2026-04-08T18:29:40.000Z', 40, false],
    ['Slack', '2026-04-08T18:30:20.000Z', 20, true],
  ]),
  batch(companyId, ana, teamId, [['slack', '2026-04-08T18:31:00.000Z', 30, false]]),
  batch(companyId, bob, otherTeamId, [['Netflix', '2026-04-09T05:00:00.000Z', 60, false]]),
  { type: 'AppCategorySet', data: { companyId, application: 'Slack', category: 'unproductive', by: ada, at: '2026-04-09T06:00:00.000Z' } },
];

describe('application usage read model', () => {
  const database = useTestDatabase();
  const apply = (events: (AppUsageEvent | AppCategoryEvent)[]) => database.db.transaction().execute((trx) => appUsageProjection.apply(trx, events.map(recorded)));
  const rowsOf = (companyId: string) =>
    database.db.selectFrom('app_usage_days').select(['user_id', 'day', 'team_id', 'app_key', 'application', 'active_ms', 'idle_ms']).where('company_id', '=', companyId).orderBy(['day', 'app_key']).execute();

  it('counts each sample on its local days, idle apart, the same in one batch as one event at a time', async () => {
    const [together, oneByOne, ana, bob] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await apply(history(together, ana, bob));
    for (const event of history(oneByOne, ana, bob)) await apply([event]);
    expect(await rowsOf(together)).toEqual([
      { user_id: ana, day: '2026-04-08', team_id: teamId, app_key: 'youtube', application: 'YouTube', active_ms: '20000', idle_ms: '0' },
      { user_id: bob, day: '2026-04-09', team_id: otherTeamId, app_key: 'netflix', application: 'Netflix', active_ms: '60000', idle_ms: '0' },
      { user_id: ana, day: '2026-04-09', team_id: teamId, app_key: 'slack', application: 'slack', active_ms: '30000', idle_ms: '20000' },
      { user_id: ana, day: '2026-04-09', team_id: teamId, app_key: 'youtube', application: 'YouTube', active_ms: '20000', idle_ms: '0' },
    ]);
    expect(await rowsOf(oneByOne)).toEqual(await rowsOf(together));
  });

  it('counts unproductive time per person, day and team by the categories as they are now, for the teams asked', async () => {
    const [companyId, ana, bob] = [randomUUID(), randomUUID(), randomUUID()];
    await apply(history(companyId, ana, bob));
    const range = { from: '2026-04-08', to: '2026-04-09' };
    const unproductive = async (teams: string[] | null, within = range) => {
      const { rows } = await sql<{ user_id: string; day: string; unproductive: string }>`SELECT * FROM (${unproductiveByUnit(companyId, within, { teams })}) u ORDER BY user_id, day`.execute(database.db);
      return rows.map((row) => [row.user_id === ana ? 'ana' : 'bob', row.day, Number(row.unproductive)]);
    };
    expect(await unproductive(null)).toEqual(expect.arrayContaining([['ana', '2026-04-08', 20_000], ['ana', '2026-04-09', 50_000], ['bob', '2026-04-09', 60_000]]));
    expect(await unproductive([teamId])).toEqual(expect.arrayContaining([['ana', '2026-04-08', 20_000], ['ana', '2026-04-09', 50_000]]));
    expect(await unproductive([teamId])).toHaveLength(2);
    expect(await unproductive(null, { from: '2026-04-08', to: '2026-04-08' })).toEqual([['ana', '2026-04-08', 20_000]]);
    await apply([{ type: 'AppCategorySet', data: { companyId, application: 'YouTube', category: 'neutral', by: ada, at: '2026-04-09T07:00:00.000Z' } }]);
    // Still a day with usage: seen, with nothing unproductive.
    expect(await unproductive([teamId])).toEqual(expect.arrayContaining([['ana', '2026-04-08', 0], ['ana', '2026-04-09', 30_000]]));
  });

  it('counts a moment once, however many batches cover it', async () => {
    const [companyId, ana] = [randomUUID(), randomUUID()];
    const repeats = Array.from({ length: 30 }, () => batch(companyId, ana, teamId, [['Slack', '2026-04-09T05:00:00.000Z', 5, false]]));
    for (const event of repeats.slice(0, 15)) await apply([event]);
    await apply(repeats.slice(15));
    expect(await rowsOf(companyId)).toEqual([{ user_id: ana, day: '2026-04-09', team_id: teamId, app_key: 'slack', application: 'Slack', active_ms: '5000', idle_ms: '0' }]);
  });

  it('gives time two batches cover to the one recorded first, and counts the rest of the later one', async () => {
    const [companyId, ana] = [randomUUID(), randomUUID()];
    // Code from 05:00:00 to 05:00:40, then idle Slack from 05:00:20 to 05:00:50 and YouTube over both and the gap between them.
    await apply([batch(companyId, ana, teamId, [['Code', '2026-04-09T05:00:00.000Z', 40, false]])]);
    await apply([
      batch(companyId, ana, teamId, [
        ['Slack', '2026-04-09T05:00:20.000Z', 30, true],
        ['Code', '2026-04-09T05:01:00.000Z', 10, false],
      ]),
      batch(companyId, ana, teamId, [['YouTube', '2026-04-09T05:00:00.000Z', 70, false]]),
    ]);
    expect(await rowsOf(companyId)).toEqual([
      { user_id: ana, day: '2026-04-09', team_id: teamId, app_key: 'code', application: 'Code', active_ms: '50000', idle_ms: '0' },
      { user_id: ana, day: '2026-04-09', team_id: teamId, app_key: 'slack', application: 'Slack', active_ms: '0', idle_ms: '10000' },
      { user_id: ana, day: '2026-04-09', team_id: teamId, app_key: 'youtube', application: 'YouTube', active_ms: '10000', idle_ms: '0' },
    ]);
    const counted = await database.db.selectFrom('app_usage_intervals').select(['start_at', 'end_at']).where('company_id', '=', companyId).execute();
    expect(counted).toEqual([{ start_at: new Date('2026-04-09T05:00:00.000Z'), end_at: new Date('2026-04-09T05:01:10.000Z') }]);
  });

  it('cuts the uncounted parts of a sample at local midnight', async () => {
    const [companyId, ana] = [randomUUID(), randomUUID()];
    // Indian midnight is 18:30 UTC: Code covers 18:29:50–18:30:10, Slack the 20 s before and after it.
    await apply([batch(companyId, ana, teamId, [['Code', '2026-04-08T18:29:50.000Z', 20, false]])]);
    await apply([batch(companyId, ana, teamId, [['Slack', '2026-04-08T18:29:30.000Z', 60, false]])]);
    expect(await rowsOf(companyId)).toEqual([
      { user_id: ana, day: '2026-04-08', team_id: teamId, app_key: 'code', application: 'Code', active_ms: '10000', idle_ms: '0' },
      { user_id: ana, day: '2026-04-08', team_id: teamId, app_key: 'slack', application: 'Slack', active_ms: '20000', idle_ms: '0' },
      { user_id: ana, day: '2026-04-09', team_id: teamId, app_key: 'code', application: 'Code', active_ms: '10000', idle_ms: '0' },
      { user_id: ana, day: '2026-04-09', team_id: teamId, app_key: 'slack', application: 'Slack', active_ms: '20000', idle_ms: '0' },
    ]);
  });

  it('counts two people’s identical samples for each of them', async () => {
    const [companyId, ana, bob] = [randomUUID(), randomUUID(), randomUUID()];
    await apply([batch(companyId, ana, teamId, [['Slack', '2026-04-09T05:00:00.000Z', 30, false]]), batch(companyId, bob, teamId, [['Slack', '2026-04-09T05:00:00.000Z', 30, false]])]);
    await apply([batch(companyId, bob, teamId, [['Slack', '2026-04-09T05:00:00.000Z', 30, false]])]);
    const rows = await rowsOf(companyId);
    expect(rows.map((row) => [row.user_id, row.active_ms]).sort()).toEqual([[ana, '30000'], [bob, '30000']].sort());
  });

  it('tells the browsers of the company that application usage and the dashboards changed', async () => {
    const companyId = randomUUID();
    const scopes = await apply([batch(companyId, randomUUID(), teamId, [['Slack', '2026-04-09T05:00:00.000Z', 10, false]])]);
    expect(scopes).toEqual([
      { kind: 'company', id: companyId, family: 'app-usage' },
      { kind: 'company', id: companyId, family: 'dashboards' },
    ]);
  });

  it('builds the same rows when the log is replayed', async () => {
    const [companyId, ana, bob] = [randomUUID(), randomUUID(), randomUUID()];
    const log = [
      ...history(companyId, ana, bob),
      batch(companyId, ana, teamId, [['Code', '2026-04-08T18:29:00.000Z', 60, false]]),
      batch(companyId, ana, otherTeamId, [['Code', '2026-04-08T18:30:30.000Z', 45, true]]),
      ...Array.from({ length: 5 }, () => batch(companyId, bob, otherTeamId, [['Netflix', '2026-04-09T04:59:50.000Z', 30, false]])),
    ];
    for (const event of log) await database.store.append(`app-usage-${randomUUID()}`, [{ eventId: randomUUID(), type: event.type, data: event.data, metadata: { correlationId: 'test' } }], 'no_stream');
    await database.db.transaction().execute(async (trx) => appUsageProjection.apply(trx, await readAllSettled(database, 1000)));
    const counted = () => database.db.selectFrom('app_usage_intervals').selectAll().where('company_id', '=', companyId).orderBy('user_id').orderBy('start_at').execute();
    const [rows, intervals] = [await rowsOf(companyId), await counted()];
    expect(rows).toContainEqual({ user_id: bob, day: '2026-04-09', team_id: otherTeamId, app_key: 'netflix', application: 'Netflix', active_ms: '70000', idle_ms: '0' });

    await rebuildProjection(database.db, database.store, appUsageProjection, undefined, 3);
    expect(await rowsOf(companyId)).toEqual(rows);
    expect(await counted()).toEqual(intervals);
  });
});
