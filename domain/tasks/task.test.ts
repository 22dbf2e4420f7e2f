import { describe, expect, it } from 'vitest';
import type { Actor } from '../members/authorization.ts';
import { testActor } from '../members/test-actor.ts';
import { accessDenied } from '../members/roles.ts';
import { given } from '../shared/spec.ts';
import type { TaskEvent, TaskFields, TaskNumberEvent } from './events.ts';
import { task, type TaskCommand, type TaskContext, taskMessages, taskNumbers } from './task.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const otherCompanyId = '00000000-0000-4000-8000-0000000000c2';
const projectId = '00000000-0000-4000-8000-0000000000b1';
const otherProjectId = '00000000-0000-4000-8000-0000000000b2';
const assigneeId = '00000000-0000-4000-8000-0000000000d1';
const taskId = 'WA-1';

const actor = (id: string, role: Actor['role'], company = companyId): Actor => testActor(company, id, role);
const admin = actor('1', 'Admin');
const head = actor('3', 'Head');
const manager = actor('4', 'Manager');
const teamMember = actor('5', 'Member');
const client = actor('6', 'Client');
const otherAdmin = actor('7', 'Admin', otherCompanyId);
const by = (who: Actor) => ({ userId: who.userId, name: `Name ${who.userId.slice(-1)}` });
const named = (who: Actor) => ({ actor: who, actorName: by(who).name });

const context: TaskContext = { isAssignable: (userId) => userId === assigneeId, isProject: (id) => id === projectId || id === otherProjectId };
const fields: TaskFields = { title: ' Landing page ', description: '<p>Hero</p>', status: 'TO DO', priority: 'P2', eta: '2026-12-01', assigneeId, projectId };
const ref = (who: Actor = admin) => ({ taskId, companyId, by: by(who) });

const create = (who: Actor, overrides: Partial<TaskFields> = {}): Extract<TaskCommand, { type: 'CreateTask' }> => ({
  type: 'CreateTask',
  taskId,
  companyId,
  number: 1,
  fields: { ...fields, ...overrides },
  ...named(who),
});
const edit = (who: Actor, changes: Partial<TaskFields>): TaskCommand => ({ type: 'EditTask', changes, ...named(who) });
const remove = (who: Actor): TaskCommand => ({ type: 'DeleteTask', ...named(who) });

const createdBy = (who: Actor): TaskEvent => ({ type: 'TaskCreated', data: { ...ref(who), ...fields, title: 'Landing page', number: 1 } });
const created = createdBy(admin);

describe('task: creation', () => {
  it('lets an Admin, a Head or a Manager create a task, title trimmed', () => {
    for (const who of [admin, head, manager]) given(task, []).when(create(who), context).then([createdBy(who)]);
  });

  it('refuses a Member or a Client', () => {
    given(task, []).when(create(teamMember), context).thenRefuses(accessDenied);
    given(task, []).when(create(client), context).thenRefuses(accessDenied);
  });

  it("refuses a task in another company than the actor's", () => {
    given(task, []).when({ ...create(admin), companyId: otherCompanyId }, context).thenRefuses(accessDenied);
    given(task, []).when(create(otherAdmin), context).thenRefuses(accessDenied);
  });

  it('writes only the named fields of the task, whatever else the command carries', () => {
    const smuggled = { ...create(admin), by: by(otherAdmin), fields: { ...fields, companyId: otherCompanyId, taskId: 'XX-9', by: by(otherAdmin) } } as unknown as TaskCommand;
    given(task, []).when(smuggled, context).then([created]);
  });

  it('does nothing when the task exists already, and refuses another company even then', () => {
    given(task, [created]).when(create(manager), context).then([]);
    given(task, [created]).when({ ...create(otherAdmin), companyId: otherCompanyId }, context).thenRefuses(accessDenied);
  });

  it("checks the create form in the form's order, with its messages", () => {
    given(task, []).when(create(admin, { title: ' ' }), context).thenRefuses(taskMessages.required);
    given(task, []).when(create(admin, { description: '' }), context).thenRefuses(taskMessages.required);
    given(task, []).when(create(admin, { priority: '' as never }), context).thenRefuses(taskMessages.selectPriority);
    given(task, []).when(create(admin, { status: '' as never }), context).thenRefuses(taskMessages.selectStatus);
    given(task, []).when(create(admin, { assigneeId: '' }), context).thenRefuses(taskMessages.selectAssignee);
    given(task, []).when(create(admin, { status: 'LATER' as never }), context).thenRefuses(taskMessages.selectStatus);
    given(task, []).when(create(admin, { eta: 'soon' }), context).thenRefuses(taskMessages.badEta);
    given(task, []).when(create(admin, { assigneeId: admin.userId }), context).thenRefuses(taskMessages.notAssignable);
  });
});

describe('task: editing', () => {
  it('records each changed field, trimmed, and nothing for unchanged ones', () => {
    for (const who of [admin, head, manager]) {
      given(task, [created])
        .when(edit(who, { title: ' New title ', status: 'TO DO', eta: null }), context)
        .then([
          { type: 'TaskFieldChanged', data: { ...ref(who), field: 'title', from: 'Landing page', to: 'New title' } },
          { type: 'TaskFieldChanged', data: { ...ref(who), field: 'eta', from: '2026-12-01', to: null } },
        ]);
    }
    given(task, [created]).when(edit(admin, { title: 'Landing page', description: undefined }), context).then([]);
  });

  it('changes only task fields: anything else in the changes is ignored', () => {
    const smuggled = { priority: 'P1', companyId: otherCompanyId, taskId: 'XX-9', by: by(otherAdmin) } as Partial<TaskFields>;
    given(task, [created])
      .when(edit(admin, smuggled), context)
      .then([{ type: 'TaskFieldChanged', data: { ...ref(), field: 'priority', from: 'P2', to: 'P1' } }]);
  });

  it('changes only the fields it names: decided again after a concurrent edit, it keeps that edit', () => {
    const titledElsewhere: TaskEvent = { type: 'TaskFieldChanged', data: { ...ref(head), field: 'title', from: 'Landing page', to: 'Pricing page' } };
    given(task, [created, titledElsewhere])
      .when(edit(manager, { priority: 'P1' }), context)
      .then([{ type: 'TaskFieldChanged', data: { ...ref(manager), field: 'priority', from: 'P2', to: 'P1' } }]);
    // The same field: the later decision records its value over the earlier one.
    given(task, [created, titledElsewhere])
      .when(edit(manager, { title: 'Contact page' }), context)
      .then([{ type: 'TaskFieldChanged', data: { ...ref(manager), field: 'title', from: 'Pricing page', to: 'Contact page' } }]);
  });

  it("checks the task page in the page's order", () => {
    given(task, [created]).when(edit(admin, { title: '', description: '' }), context).thenRefuses(taskMessages.fieldRequired('Title'));
    given(task, [created]).when(edit(admin, { description: ' ' }), context).thenRefuses(taskMessages.fieldRequired('Description'));
    given(task, [created]).when(edit(admin, { status: 'LATER' as never }), context).thenRefuses(taskMessages.selectStatus);
    given(task, [created]).when(edit(admin, { projectId: companyId }), context).thenRefuses('Project not found');
  });
});

describe('task: rights on an existing task', () => {
  const commands = (who: Actor) => [edit(who, { priority: 'P1' }), remove(who)];

  it('lets an Admin, a Head or a Manager run every command', () => {
    for (const who of [admin, head, manager]) {
      for (const command of commands(who)) {
        expect(given(task, [created]).when(command, context).events(), `${who.role} ${command.type}`).toHaveLength(1);
      }
    }
  });

  it('refuses a Member or a Client every command', () => {
    for (const who of [teamMember, client]) {
      for (const command of commands(who)) given(task, [created]).when(command, context).thenRefuses(accessDenied);
    }
  });

  it('refuses the Member the task is assigned to an edit or a deletion (they may comment: see comment.test.ts)', () => {
    const assignee: Actor = { ...teamMember, userId: assigneeId };
    for (const command of commands(assignee)) given(task, [created]).when(command, context).thenRefuses(accessDenied);
  });

  it("refuses another company's admin every command on the task", () => {
    for (const command of commands(otherAdmin)) given(task, [created]).when(command, context).thenRefuses(accessDenied);
  });

  it('refuses commands on a task that does not exist or was deleted', () => {
    const deleted: TaskEvent = { type: 'TaskDeleted', data: ref() };
    for (const command of commands(admin)) {
      given(task, []).when(command, context).thenRefuses(taskMessages.notFound);
      given(task, [created, deleted]).when(command, context).thenRefuses(taskMessages.notFound);
    }
  });
});

describe('task numbers', () => {
  const take = (who: Actor, company = companyId) => ({ type: 'TakeTaskNumber' as const, companyId: company, prefix: 'WA', projectId, actor: who });
  const taken = (number: number): TaskNumberEvent => ({ type: 'TaskNumberTaken', data: { companyId, prefix: 'WA', projectId, number } });

  it('hands out the next number to an Admin, a Head or a Manager', () => {
    for (const who of [admin, head, manager]) {
      given(taskNumbers, []).when(take(who), {}).then([taken(1)]);
      given(taskNumbers, [taken(1), taken(2)]).when(take(who), {}).then([taken(3)]);
    }
  });

  it('refuses a Member, a Client, or an actor of another company', () => {
    given(taskNumbers, []).when(take(teamMember), {}).thenRefuses(accessDenied);
    given(taskNumbers, []).when(take(client), {}).thenRefuses(accessDenied);
    given(taskNumbers, []).when(take(otherAdmin), {}).thenRefuses(accessDenied);
  });
});
