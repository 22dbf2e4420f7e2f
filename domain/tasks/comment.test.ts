import { describe, it } from 'vitest';
import type { Actor } from '../members/authorization.ts';
import { accessDenied } from '../members/roles.ts';
import { testActor } from '../members/test-actor.ts';
import { fold } from '../shared/decider.ts';
import { given } from '../shared/spec.ts';
import { comment, type CommentCommand, type CommentContext, commentedTask } from './comment.ts';
import type { TaskCommentEvent, TaskEvent } from './events.ts';
import { taskMessages } from './task.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const otherCompanyId = '00000000-0000-4000-8000-0000000000c2';
const projectId = '00000000-0000-4000-8000-0000000000b1';
const assigneeId = '00000000-0000-4000-8000-0000000000d1';
const commentId = '00000000-0000-4000-8000-0000000000e1';
const taskId = 'WA-1';

const actor = (id: string, role: Actor['role'], company = companyId): Actor => testActor(company, id, role);
const admin = actor('1', 'Admin');
const head = actor('3', 'Head');
const manager = actor('4', 'Manager');
const member = actor('5', 'Member');
const client = actor('6', 'Client');
const otherAdmin = actor('7', 'Admin', otherCompanyId);
const assignee: Actor = { ...member, userId: assigneeId };
const by = (who: Actor) => ({ userId: who.userId, name: `Name ${who.userId.slice(-1)}` });
const named = (who: Actor) => ({ actor: who, actorName: by(who).name });
const ref = (who: Actor = admin) => ({ taskId, companyId, by: by(who) });

const add = (who: Actor, html = '<p>Looks good</p>', text = 'Looks good'): CommentCommand => ({ type: 'AddComment', commentId, html, text, ...named(who) });
const remove = (who: Actor): CommentCommand => ({ type: 'DeleteComment', commentId, ...named(who) });

const created: TaskEvent = {
  type: 'TaskCreated',
  data: { ...ref(), number: 1, title: 'Landing page', description: '<p>Hero</p>', status: 'TO DO', priority: 'P2', eta: null, assigneeId, projectId },
};
const added = (who: Actor = admin): TaskCommentEvent => ({ type: 'TaskCommentAdded', data: { ...ref(who), commentId, html: '<p>Looks good</p>', text: 'Looks good' } });
const deleted = (who: Actor = admin): TaskCommentEvent => ({ type: 'TaskCommentDeleted', data: { ...ref(who), commentId } });
/** The context a comment is decided in: the task as its own stream's events fold it. */
const onTask = (...events: TaskEvent[]): CommentContext => ({ task: fold(commentedTask, events) });

describe('comment: adding', () => {
  it('lets an Admin, a Head, a Manager and the task’s assignee comment, text trimmed', () => {
    for (const who of [admin, head, manager, assignee]) {
      given(comment, []).when(add(who, '<p> Hi </p>', ' Hi '), onTask(created)).then([{ type: 'TaskCommentAdded', data: { ...ref(who), commentId, html: '<p> Hi </p>', text: 'Hi' } }]);
    }
  });

  it('refuses a Member the task is not assigned to, a Client, and another company’s Admin', () => {
    for (const who of [member, client, otherAdmin]) given(comment, []).when(add(who), onTask(created)).thenRefuses(accessDenied);
  });

  it('follows the task’s assignee as its stream has it now: reassigned away, no comment', () => {
    const reassigned: TaskEvent = { type: 'TaskFieldChanged', data: { ...ref(), field: 'assigneeId', from: assigneeId, to: member.userId } };
    given(comment, []).when(add(assignee), onTask(created, reassigned)).thenRefuses(accessDenied);
    given(comment, []).when(add(member), onTask(created, reassigned)).then([{ type: 'TaskCommentAdded', data: { ...ref(member), commentId, html: '<p>Looks good</p>', text: 'Looks good' } }]);
  });

  it('refuses a comment on a task that does not exist or was deleted', () => {
    given(comment, []).when(add(admin), onTask()).thenRefuses(taskMessages.notFound);
    given(comment, []).when(add(admin), onTask(created, { type: 'TaskDeleted', data: ref() })).thenRefuses(taskMessages.notFound);
  });

  it('refuses an empty comment', () => {
    given(comment, []).when(add(admin, '<p> </p>', ' '), onTask(created)).thenRefuses(taskMessages.commentEmpty);
  });

  it('writes a comment once: adding it again decides nothing', () => {
    given(comment, [added()]).when(add(admin), onTask(created)).then([]);
  });
});

describe('comment: deleting', () => {
  it('lets an Admin, a Head or a Manager delete a comment once', () => {
    for (const who of [admin, head, manager]) given(comment, [added()]).when(remove(who), onTask(created)).then([deleted(who)]);
    given(comment, [added(), deleted()]).when(remove(admin), onTask(created)).thenRefuses(taskMessages.commentNotFound);
  });

  it('refuses the assignee (even their own comment), a Client and another company’s Admin', () => {
    for (const who of [assignee, client, otherAdmin]) given(comment, [added(assignee)]).when(remove(who), onTask(created)).thenRefuses(accessDenied);
  });

  it('refuses a comment that is not on this task: its stream is empty, and the task recorded no such comment', () => {
    given(comment, []).when(remove(admin), onTask(created)).thenRefuses(taskMessages.commentNotFound);
  });

  it('deletes a comment recorded on the task’s own stream (before comments had streams of their own), once', () => {
    given(comment, []).when(remove(manager), onTask(created, added())).then([deleted(manager)]);
    // Deleted then on the task's stream, or since on its own.
    given(comment, []).when(remove(admin), onTask(created, added(), deleted())).thenRefuses(taskMessages.commentNotFound);
    given(comment, [deleted()]).when(remove(admin), onTask(created, added())).thenRefuses(taskMessages.commentNotFound);
  });

  it('refuses deleting a comment of a deleted task', () => {
    given(comment, [added()]).when(remove(admin), onTask(created, { type: 'TaskDeleted', data: ref() })).thenRefuses(taskMessages.notFound);
  });
});
