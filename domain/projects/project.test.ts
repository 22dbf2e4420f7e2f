import { describe, expect, it } from 'vitest';
import type { Actor } from '../members/authorization.ts';
import { testActor } from '../members/test-actor.ts';
import { accessDenied } from '../members/roles.ts';
import { given } from '../shared/spec.ts';
import type { ProjectEvent } from './events.ts';
import { project, projectMessages, taskPrefix } from './project.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const otherCompanyId = '00000000-0000-4000-8000-0000000000c2';
const projectId = '00000000-0000-4000-8000-0000000000b1';
const ref = { projectId, companyId };

const actor = (id: string, role: Actor['role'], company = companyId): Actor => testActor(company, id, role);
const admin = actor('1', 'Admin');
const head = actor('3', 'Head');
const manager = actor('4', 'Manager');
const teamMember = actor('5', 'Member');
const client = actor('6', 'Client');
const otherAdmin = actor('7', 'Admin', otherCompanyId);
const by = (who: Actor) => ({ userId: who.userId, name: `Name ${who.userId.slice(-1)}` });

const create = (who: Actor, name = ' Website Agency ') => ({ type: 'CreateProject' as const, projectId, companyId, name, actor: who, actorName: by(who).name });
const rename = (who: Actor, name = 'Web Apps') => ({ type: 'RenameProject' as const, name, actor: who, actorName: by(who).name });
const remove = (who: Actor) => ({ type: 'DeleteProject' as const, actor: who, actorName: by(who).name });

const created: ProjectEvent = { type: 'ProjectCreated', data: { ...ref, name: 'Website Agency', prefix: 'WA', createdBy: by(admin) } };

describe('project: creation', () => {
  it('lets an Admin, a Head or a Manager create a project, named and prefixed', () => {
    for (const who of [admin, head, manager]) {
      given(project, [])
        .when(create(who), {})
        .then([{ type: 'ProjectCreated', data: { ...ref, name: 'Website Agency', prefix: 'WA', createdBy: by(who) } }]);
    }
  });

  it('refuses a Member or a Client', () => {
    given(project, []).when(create(teamMember), {}).thenRefuses(accessDenied);
    given(project, []).when(create(client), {}).thenRefuses(accessDenied);
  });

  it("refuses a project in another company than the actor's", () => {
    given(project, []).when({ ...create(admin), companyId: otherCompanyId }, {}).thenRefuses(accessDenied);
    given(project, []).when(create(otherAdmin), {}).thenRefuses(accessDenied);
  });

  it('does nothing when it exists already, and refuses another company even then', () => {
    given(project, [created]).when(create(manager), {}).then([]);
    given(project, [created]).when({ ...create(otherAdmin), companyId: otherCompanyId }, {}).thenRefuses(accessDenied);
  });

  it('requires a name', () => {
    given(project, []).when(create(admin, '  '), {}).thenRefuses(projectMessages.nameRequired);
  });

  it('takes its prefix from the first letters of the first two words', () => {
    expect(['Website Agency', 'Mobile', 'x', '42 Apps'].map(taskPrefix)).toEqual(['WA', 'MO', 'XX', 'AP']);
  });
});

describe('project: renaming and deleting', () => {
  it('lets an Admin, a Head or a Manager rename and delete', () => {
    for (const who of [admin, head, manager]) {
      given(project, [created])
        .when(rename(who, ' Web Apps '), {})
        .then([{ type: 'ProjectRenamed', data: { ...ref, name: 'Web Apps', by: by(who) } }]);
      given(project, [created])
        .when(remove(who), {})
        .then([{ type: 'ProjectDeleted', data: { ...ref, by: by(who) } }]);
    }
  });

  it('refuses a Member or a Client', () => {
    for (const who of [teamMember, client]) {
      given(project, [created]).when(rename(who), {}).thenRefuses(accessDenied);
      given(project, [created]).when(remove(who), {}).thenRefuses(accessDenied);
    }
  });

  it("refuses another company's project", () => {
    given(project, [created]).when(rename(otherAdmin), {}).thenRefuses(accessDenied);
    given(project, [created]).when(remove(otherAdmin), {}).thenRefuses(accessDenied);
  });

  it('keeps the same name silently, and refuses a missing or deleted project', () => {
    given(project, [created]).when(rename(admin, 'Website Agency'), {}).then([]);
    const deleted: ProjectEvent = { type: 'ProjectDeleted', data: { ...ref, by: by(admin) } };
    given(project, []).when(rename(admin), {}).thenRefuses(projectMessages.notFound);
    given(project, [created, deleted]).when(remove(admin), {}).thenRefuses(projectMessages.notFound);
  });
});
