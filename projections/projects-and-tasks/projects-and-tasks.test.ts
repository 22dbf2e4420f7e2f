import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ProjectEvent } from '../../domain/projects/events.ts';
import type { TaskEvent } from '../../domain/tasks/events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { companyChanges, companyItemChanged } from '../../domain/shared/scope.ts';
import { projectsAndTasksProjection } from './projects-and-tasks.ts';
import { findTask } from './queries.ts';

const companyId = randomUUID();
const website = randomUUID();
const shop = randomUUID();
const by = { userId: randomUUID(), name: 'Admin' };

let position = 0;
const recorded = (event: ProjectEvent | TaskEvent): RecordedEvent => {
  position++;
  return {
    eventId: randomUUID(),
    streamId: `stream-${position}`,
    version: position,
    position: { commit: 1n, prepare: BigInt(position) },
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'test' },
    recordedAt: new Date().toISOString(),
  };
};

const changed = (taskId: string, field: 'title' | 'description' | 'priority' | 'projectId', from: string, to: string): TaskEvent => ({
  type: 'TaskFieldChanged',
  data: { companyId, taskId, by, field, from, to },
});

describe('projects and tasks: what each change tells', () => {
  const database = useTestDatabase();
  const apply = (...events: (ProjectEvent | TaskEvent)[]) =>
    database.db.transaction().execute((trx) => projectsAndTasksProjection.apply(trx, events.map(recorded)));

  it('names the task, and only the pages that show the field that changed', async () => {
    expect(
      await apply(
        { type: 'ProjectCreated', data: { projectId: website, companyId, name: 'Website', prefix: 'WE', createdBy: by } },
        { type: 'ProjectCreated', data: { projectId: shop, companyId, name: 'Shop', prefix: 'SH', createdBy: by } },
      ),
    ).toEqual(companyChanges(companyId, 'projects', 'projects'));
    const task = { companyId, taskId: 'WE-1', number: 1, projectId: website, title: 'Hero', description: '<p>x</p>', status: 'TO DO', priority: 'P2', eta: null, assigneeId: by.userId, by } as const;
    expect(await apply({ type: 'TaskCreated', data: task })).toEqual([...companyChanges(companyId, 'projects', 'tasks'), companyItemChanged(companyId, 'my-tasks', website)]);

    // The summary is shown on the task page only; the tasks table shows when a task last changed.
    expect(await apply(changed('WE-1', 'description', '<p>x</p>', '<p>y</p>'))).toEqual([companyItemChanged(companyId, 'task', 'WE-1'), ...companyChanges(companyId, 'tasks')]);
    // The timer does not show the priority; the projects page does.
    expect(await apply(changed('WE-1', 'priority', 'P2', 'P1'))).toEqual([companyItemChanged(companyId, 'task', 'WE-1'), ...companyChanges(companyId, 'tasks', 'projects')]);
    expect(await apply(changed('WE-1', 'title', 'Hero', 'Hero banner'))).toEqual([
      companyItemChanged(companyId, 'task', 'WE-1'),
      ...companyChanges(companyId, 'tasks', 'projects'),
      companyItemChanged(companyId, 'my-tasks', website),
    ]);
    // Moved to another project: the timer's tasks of both change.
    expect(await apply(changed('WE-1', 'projectId', website, shop))).toEqual([
      companyItemChanged(companyId, 'task', 'WE-1'),
      ...companyChanges(companyId, 'tasks', 'projects'),
      companyItemChanged(companyId, 'my-tasks', shop),
      companyItemChanged(companyId, 'my-tasks', website),
    ]);

    expect(await apply({ type: 'TaskCommentAdded', data: { companyId, taskId: 'WE-1', by, commentId: randomUUID(), html: '<p>Hi</p>', text: 'Hi' } })).toEqual([
      companyItemChanged(companyId, 'task', 'WE-1'),
    ]);
    expect(await apply({ type: 'TaskDeleted', data: { companyId, taskId: 'WE-1', by } })).toEqual([
      companyItemChanged(companyId, 'task', 'WE-1'),
      ...companyChanges(companyId, 'projects', 'tasks'),
      companyItemChanged(companyId, 'my-tasks', shop),
    ]);
  });
});

describe('projects and tasks: comments', () => {
  const database = useTestDatabase();
  const apply = (...events: RecordedEvent[]) => database.db.transaction().execute((trx) => projectsAndTasksProjection.apply(trx, events));
  const added = (html: string, streamId: string, decidedAt: string): RecordedEvent => ({
    ...recorded({ type: 'TaskCommentAdded', data: { companyId, taskId: 'WE-2', by, commentId: randomUUID(), html, text: html } }),
    streamId,
    metadata: { correlationId: 'test', decidedAt },
  });

  it("lists a task's comments in the log's order, whether on the task's stream or their own, whatever their decision times", async () => {
    await apply(
      recorded({ type: 'ProjectCreated', data: { projectId: website, companyId, name: 'Website', prefix: 'WE', createdBy: by } }),
      recorded({ type: 'TaskCreated', data: { companyId, taskId: 'WE-2', number: 2, projectId: website, title: 'Talk', description: '<p>x</p>', status: 'TO DO', priority: 'P2', eta: null, assigneeId: by.userId, by } }),
    );
    // A row the projection wrote before it kept positions: older than every comment that has one.
    await database.db
      .insertInto('task_comments')
      .values({ comment_id: randomUUID(), company_id: companyId, task_id: 'WE-2', user_id: by.userId, user_name: by.name, html: 'before', deleted: false, created_at: new Date('2026-03-10T12:00:00Z'), commit_position: null, prepare_position: null })
      .execute();
    await apply(added('on the task', `task-${companyId}-WE-2`, '2026-03-10T10:00:03Z'));
    // Posted at once: decided in one order, recorded in another.
    await apply(added('first recorded', `task-comment-${companyId}-WE-2-a`, '2026-03-10T10:00:02Z'), added('second recorded', `task-comment-${companyId}-WE-2-b`, '2026-03-10T10:00:01Z'));

    const task = await findTask(database.db, companyId, 'WE-2');
    expect(task?.comments.map((c) => c.html)).toEqual(['before', 'on the task', 'first recorded', 'second recorded']);
  });
});
