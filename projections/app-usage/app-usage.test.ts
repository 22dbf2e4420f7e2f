import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AppCategoryEvent, AppUsageEvent } from '../../domain/app-usage/events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { appUsageProjection } from './app-usage.ts';
import { unproductiveMsByPerson } from './queries.ts';

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

  it('counts unproductive time per person by the categories as they are now, for the teams asked', async () => {
    const [companyId, ana, bob] = [randomUUID(), randomUUID(), randomUUID()];
    await apply(history(companyId, ana, bob));
    const range = { from: '2026-04-08', to: '2026-04-09' };
    expect(await unproductiveMsByPerson(database.db, companyId, range, null)).toEqual(new Map([[ana, 70_000], [bob, 60_000]]));
    expect(await unproductiveMsByPerson(database.db, companyId, range, [teamId])).toEqual(new Map([[ana, 70_000]]));
    expect(await unproductiveMsByPerson(database.db, companyId, { from: '2026-04-08', to: '2026-04-08' }, null)).toEqual(new Map([[ana, 20_000]]));
    expect(await unproductiveMsByPerson(database.db, companyId, range, [])).toEqual(new Map());
    await apply([{ type: 'AppCategorySet', data: { companyId, application: 'YouTube', category: 'neutral', by: ada, at: '2026-04-09T07:00:00.000Z' } }]);
    expect(await unproductiveMsByPerson(database.db, companyId, range, [teamId])).toEqual(new Map([[ana, 30_000]]));
  });

  it('tells the browsers of the company that application usage and the dashboards changed', async () => {
    const companyId = randomUUID();
    const scopes = await apply([batch(companyId, randomUUID(), teamId, [['Slack', '2026-04-09T05:00:00.000Z', 10, false]])]);
    expect(scopes).toEqual([
      { kind: 'company', id: companyId, family: 'app-usage' },
      { kind: 'company', id: companyId, family: 'dashboards' },
    ]);
  });
});
