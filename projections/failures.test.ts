import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../eventstore/types.ts';
import { type TestDatabase, useTestDatabase } from '../tests/support/test-database.ts';
import { listSetAside, retrySetAside, setAsideCounts } from './failures.ts';
import type { Projection } from './projection.ts';
import { projectsAndTasksProjection } from './projects-and-tasks/projects-and-tasks.ts';
import { rebuildProjection } from './rebuild.ts';
import { ProjectionRunner, READ_MODEL_CHANGED_CHANNEL, type ReadModelChange } from './runner.ts';

const by = { userId: randomUUID(), name: 'Ada' };

/** Appended through the raw store, which takes any data: what a bug or an old schema could have written. */
async function append(database: TestDatabase, streamId: string, type: string, data: object) {
  const eventId = randomUUID();
  const { position } = await database.store.append(streamId, [{ eventId, type, data, metadata: { correlationId: 'test' } }], 'any');
  return { eventId, position };
}

const taskCreated = (companyId: string, taskId: string, title: string) => ({
  companyId,
  taskId,
  by,
  number: 1,
  projectId: randomUUID(),
  title,
  description: '',
  status: 'TO DO',
  priority: 'P3',
  eta: null,
  assigneeId: by.userId,
});

const tasks = (database: TestDatabase) =>
  database.db.selectFrom('tasks').select(['company_id', 'task_id', 'title', 'priority']).orderBy('title').execute();
const comments = (database: TestDatabase) => database.db.selectFrom('task_comments').select(['comment_id', 'html']).execute();
const failures = (database: TestDatabase) => database.db.selectFrom('projection_failures').selectAll().orderBy('commit_position').orderBy('prepare_position').execute();
const checkpointOf = async (database: TestDatabase, name: string) => {
  const row = await database.db.selectFrom('projection_checkpoints').selectAll().where('name', '=', name).executeTakeFirst();
  return row ? `${row.commit_position}.${row.prepare_position}` : null;
};
const head = async (database: TestDatabase) => {
  const position = (await database.store.headPosition())!;
  return `${position.commit}.${position.prepare}`;
};

/** The projection once its bug is fixed: a field it did not know is now the priority. */
const fixed: Projection = {
  ...projectsAndTasksProjection,
  apply: (trx, events) =>
    projectsAndTasksProjection.apply(
      trx,
      events.map((event): RecordedEvent => {
        const data = event.data as { field?: string };
        return event.type === 'TaskFieldChanged' && data.field === 'foo' ? { ...event, data: { ...data, field: 'priority' } } : event;
      }),
    ),
};

describe('events a projection cannot apply', () => {
  const database = useTestDatabase();
  const companyA = randomUUID();
  const companyB = randomUUID();
  const commentId = randomUUID();
  let unknownField: { eventId: string };
  let sameComment: { eventId: string };
  const logged: { object: unknown; message: string }[] = [];
  const log = { error: (object: unknown, message: string) => logged.push({ object, message }) };

  beforeAll(async () => {
    await append(database, `task-${companyA}-WA-1`, 'TaskCreated', taskCreated(companyA, 'WA-1', 'Alpha'));
    unknownField = await append(database, `task-${companyA}-WA-1`, 'TaskFieldChanged', { companyId: companyA, taskId: 'WA-1', by, field: 'foo', from: 'P3', to: 'P1' });
    await append(database, `task-${companyA}-WA-1`, 'TaskCommentAdded', { companyId: companyA, taskId: 'WA-1', by, commentId, html: '<p>first</p>', text: 'first' });
    await append(database, `task-${companyB}-WB-1`, 'TaskCreated', taskCreated(companyB, 'WB-1', 'Beta'));
    sameComment = await append(database, `task-${companyA}-WA-1`, 'TaskCommentAdded', { companyId: companyA, taskId: 'WA-1', by, commentId, html: '<p>again</p>', text: 'again' });
    await append(database, `task-${companyB}-WB-1`, 'TaskFieldChanged', { companyId: companyB, taskId: 'WB-1', by, field: 'title', from: 'Beta', to: 'Beta renamed' });
  });

  it('sets each one aside, applies the other events of the batch, and moves the checkpoint past them', async () => {
    const runner = new ProjectionRunner(database.db, database.store, [projectsAndTasksProjection], log, { batchSize: 100 });
    await runner.catchUp();

    expect(await tasks(database)).toEqual([
      { company_id: companyA, task_id: 'WA-1', title: 'Alpha', priority: 'P3' },
      { company_id: companyB, task_id: 'WB-1', title: 'Beta renamed', priority: 'P3' },
    ]);
    expect(await comments(database)).toEqual([{ comment_id: commentId, html: '<p>first</p>' }]);
    const setAside = await failures(database);
    expect(setAside).toEqual([
      expect.objectContaining({ projection: 'projects-and-tasks', event_id: unknownField.eventId, stream_id: `task-${companyA}-WA-1`, event_type: 'TaskFieldChanged', resolved_at: null }),
      expect.objectContaining({ projection: 'projects-and-tasks', event_id: sameComment.eventId, event_type: 'TaskCommentAdded', error: expect.stringContaining('duplicate key'), resolved_at: null }),
    ]);
    const [first] = await database.store.readStream(`task-${companyA}-WA-1`, 2);
    expect(`${setAside[0].commit_position}.${setAside[0].prepare_position}`).toBe(`${first.position.commit}.${first.position.prepare}`);
    expect(await checkpointOf(database, 'projects-and-tasks')).toBe(await head(database));
    expect(logged.filter((entry) => entry.message.startsWith('event set aside'))).toHaveLength(2);
    expect(await setAsideCounts(database.db)).toMatchObject({ 'projects-and-tasks': 2, accounts: 0 });
  });

  it('neither applies nor records them again after a restart, and goes on with new events', async () => {
    const before = await failures(database);
    await append(database, `task-${companyA}-WA-1`, 'TaskFieldChanged', { companyId: companyA, taskId: 'WA-1', by, field: 'title', from: 'Alpha', to: 'Alpha renamed' });
    const restarted = new ProjectionRunner(database.db, database.store, [projectsAndTasksProjection], log, { batchSize: 100 });
    await restarted.catchUp();

    expect(await failures(database)).toEqual(before);
    expect((await tasks(database)).map((task) => task.title)).toEqual(['Alpha renamed', 'Beta renamed']);
    expect(await checkpointOf(database, 'projects-and-tasks')).toBe(await head(database));
  });

  it('retries one: still failing, it keeps its place with the new error; once the projection can apply it, it is resolved and the API processes hear of it', async () => {
    const stillFailing = await retrySetAside(database.db, database.store, unknownField.eventId, [projectsAndTasksProjection]);
    expect(stillFailing).toEqual([{ projection: 'projects-and-tasks', eventId: unknownField.eventId, resolved: false, error: expect.any(String) }]);
    expect((await listSetAside(database.db, unknownField.eventId))[0].retriedAt).toBeInstanceOf(Date);

    const listener = await database.pool.connect();
    const heard: ReadModelChange[] = [];
    listener.on('notification', (message) => heard.push(JSON.parse(message.payload!)));
    await listener.query(`LISTEN ${READ_MODEL_CHANGED_CHANNEL}`);
    try {
      const retried = await retrySetAside(database.db, database.store, unknownField.eventId, [fixed]);
      expect(retried).toEqual([{ projection: 'projects-and-tasks', eventId: unknownField.eventId, resolved: true }]);
      expect((await tasks(database)).find((task) => task.task_id === 'WA-1')?.priority).toBe('P1');
      expect((await listSetAside(database.db)).map((record) => record.eventId)).toEqual([sameComment.eventId]);
      expect(await setAsideCounts(database.db)).toMatchObject({ 'projects-and-tasks': 1 });
      await expect
        .poll(() => heard)
        .toContainEqual(
          expect.objectContaining({ projection: 'projects-and-tasks', applied: true, scopes: expect.arrayContaining([{ kind: 'company', id: companyA, family: 'task', key: 'WA-1' }]) }),
        );
    } finally {
      listener.release(true);
    }
  });

  it('does not fail a rebuild: the rebuild sets them aside too, and records as missing only what its new tables lack', async () => {
    const progress = await rebuildProjection(database.db, database.store, projectsAndTasksProjection, () => undefined, 3);
    expect(progress.setAside).toBe(2);
    expect((await listSetAside(database.db)).map((record) => record.eventId)).toEqual([unknownField.eventId, sameComment.eventId]);
    expect((await tasks(database)).map((task) => [task.title, task.priority])).toEqual([
      ['Alpha renamed', 'P3'],
      ['Beta renamed', 'P3'],
    ]);

    expect((await rebuildProjection(database.db, database.store, fixed)).setAside).toBe(1);
    expect((await listSetAside(database.db)).map((record) => record.eventId)).toEqual([sameComment.eventId]);
    expect((await tasks(database)).find((task) => task.task_id === 'WA-1')?.priority).toBe('P1');
  });
});

describe('an error of the database while applying', () => {
  const database = useTestDatabase();

  it('is retried, never set aside', async () => {
    let failing = true;
    const flaky: Projection = {
      name: 'flaky',
      tables: [],
      handles: ['Counted'],
      apply: async (trx) => {
        if (failing) await sql`DO $$ BEGIN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = 'serialization_failure'; END $$`.execute(trx);
        return [];
      },
    };
    await append(database, `counted-${randomUUID()}`, 'Counted', {});
    const runner = new ProjectionRunner(database.db, database.store, [flaky], { error: () => undefined });

    await expect(runner.runOnce(flaky)).rejects.toThrow('could not serialize access');
    expect(await failures(database)).toEqual([]);
    expect(await checkpointOf(database, 'flaky')).not.toBe(await head(database));

    failing = false;
    expect(await runner.runOnce(flaky)).toBe(1);
    expect(await checkpointOf(database, 'flaky')).toBe(await head(database));
    expect(await failures(database)).toEqual([]);
  });
});
