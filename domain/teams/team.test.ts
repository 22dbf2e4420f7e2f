import { describe, it } from 'vitest';
import type { Actor } from '../members/authorization.ts';
import { testActor } from '../members/test-actor.ts';
import { accessDenied } from '../members/roles.ts';
import { given } from '../shared/spec.ts';
import type { TeamEvent } from './events.ts';
import { team, teamMessages } from './team.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const teamId = '00000000-0000-4000-8000-0000000000a1';
const ref = { teamId, companyId };

const actor = (id: string, role: Actor['role'], managedTeams: string[] = []): Actor => testActor(companyId, id, role, managedTeams);
const admin = actor('1', 'Admin');
const head = actor('3', 'Head', [teamId]);
const manager = actor('4', 'Manager', [teamId]);
const teamMember = actor('5', 'Member');

const created: TeamEvent = { type: 'TeamCreated', data: { ...ref, name: 'Apollo', createdBy: admin.userId } };
const deleted: TeamEvent = { type: 'TeamDeleted', data: { ...ref, deletedBy: admin.userId } };

const create = (actor: Actor, name = '  Apollo ') => ({ type: 'CreateTeam' as const, teamId, companyId, name, actor });
const rename = (actor: Actor, name = 'Apollo Guidance') => ({ type: 'RenameTeam' as const, name, actor });
const remove = (actor: Actor) => ({ type: 'DeleteTeam' as const, actor });

describe('team: creation', () => {
  it('lets an Admin or a Head create a team with a trimmed name', () => {
    given(team, []).when(create(admin), {}).then([created]);
    given(team, [])
      .when(create(head), {})
      .then([{ type: 'TeamCreated', data: { ...ref, name: 'Apollo', createdBy: head.userId } }]);
  });

  it('refuses a Manager or a Member', () => {
    given(team, []).when(create(manager), {}).thenRefuses(accessDenied);
    given(team, []).when(create(teamMember), {}).thenRefuses(accessDenied);
  });

  it('requires a name', () => {
    given(team, []).when(create(admin, ''), {}).thenRefuses(teamMessages.nameRequired);
    given(team, []).when(create(admin, '   '), {}).thenRefuses(teamMessages.nameRequired);
  });

  it('does nothing when the team already exists', () => {
    given(team, [created]).when(create(admin, 'Gemini'), {}).then([]);
  });
});

describe('team: renaming', () => {
  it('lets an Admin, a Head or a Manager rename, trimmed', () => {
    for (const actor of [admin, head, manager]) {
      given(team, [created])
        .when(rename(actor, ' Apollo Guidance  '), {})
        .then([{ type: 'TeamRenamed', data: { ...ref, name: 'Apollo Guidance' } }]);
    }
  });

  it('refuses a Member', () => {
    given(team, [created]).when(rename(teamMember), {}).thenRefuses(accessDenied);
  });

  it('requires a name, and does nothing for the same name', () => {
    given(team, [created]).when(rename(manager, ' '), {}).thenRefuses(teamMessages.nameRequired);
    given(team, [created]).when(rename(manager, ' Apollo '), {}).then([]);
  });
});

describe('team: deletion', () => {
  it('lets a Head or an Admin delete', () => {
    given(team, [created]).when(remove(admin), {}).then([deleted]);
    given(team, [created])
      .when(remove(head), {})
      .then([{ type: 'TeamDeleted', data: { ...ref, deletedBy: head.userId } }]);
  });

  it('refuses a Manager or a Member', () => {
    given(team, [created]).when(remove(manager), {}).thenRefuses(accessDenied);
    given(team, [created]).when(remove(teamMember), {}).thenRefuses(accessDenied);
  });
});

describe('team: reach', () => {
  it('refuses a Head or Manager of another team, and anyone of another company', () => {
    const elsewhereHead = actor('6', 'Head', ['00000000-0000-4000-8000-0000000000a2']);
    const elsewhereManager = actor('7', 'Manager', ['00000000-0000-4000-8000-0000000000a2']);
    given(team, [created]).when(rename(elsewhereManager), {}).thenRefuses(accessDenied);
    given(team, [created]).when(remove(elsewhereHead), {}).thenRefuses(accessDenied);
    const otherCompanyAdmin: Actor = { ...admin, companyId: '00000000-0000-4000-8000-0000000000c2' };
    given(team, [created]).when(rename(otherCompanyAdmin), {}).thenRefuses(accessDenied);
    given(team, []).when(create(otherCompanyAdmin), {}).thenRefuses(accessDenied);
  });
});

describe('team: not found', () => {
  it('refuses to rename or delete a team that does not exist', () => {
    given(team, []).when(rename(admin), {}).thenRefuses(teamMessages.notFound);
    given(team, []).when(remove(admin), {}).thenRefuses(teamMessages.notFound);
  });

  it('refuses to rename or delete a deleted team', () => {
    given(team, [created, deleted]).when(rename(admin), {}).thenRefuses(teamMessages.notFound);
    given(team, [created, deleted]).when(remove(admin), {}).thenRefuses(teamMessages.notFound);
  });
});
