import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ProjectEvent } from '../../domain/projects/events.ts';
import type { TaskEvent } from '../../domain/tasks/events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { companyChanges, companyItemChanged } from '../scope.ts';
import { projectsAndTasksProjection } from './projects-and-tasks.ts';

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
