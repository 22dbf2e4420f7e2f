import { describe, expect, it } from 'vitest';
import { accessDenied } from '../members/roles.ts';
import { testActor } from '../members/test-actor.ts';
import type { Actor } from '../members/authorization.ts';
import { given } from '../shared/spec.ts';
import { appCategories, appCategoryMessages, appKey, defaultCategory } from './categories.ts';
import type { AppCategory, AppCategoryEvent } from './events.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const otherCompanyId = '00000000-0000-4000-8000-0000000000c2';
const now = new Date('2026-03-10T04:00:00.000Z');
const at = now.toISOString();
const admin = testActor(companyId, '1', 'Admin');
const head = testActor(companyId, '2', 'Head');
const manager = testActor(companyId, '3', 'Manager');
const member = testActor(companyId, '4', 'Member');
const client = testActor(companyId, '5', 'Client');
const otherAdmin = testActor(otherCompanyId, '6', 'Admin');

const set = (application: string, category: AppCategory, who: Actor = admin) => ({
  type: 'SetAppCategory' as const,
  companyId,
  application,
  category,
  actor: who,
  actorName: 'Ada Admin',
});
const categorySet = (application: string, category: AppCategory): AppCategoryEvent => ({
  type: 'AppCategorySet',
  data: { companyId, application, category, by: { userId: admin.userId, name: 'Ada Admin' }, at },
});

describe('application categories', () => {
  it('lets an Admin categorise an application, with who and when', () => {
    given(appCategories, []).when(set(' Hacker News ', 'unproductive'), { now }).then([categorySet('Hacker News', 'unproductive')]);
  });

  it('refuses everyone else', () => {
    for (const who of [head, manager, member, client, otherAdmin]) given(appCategories, []).when(set('Slack', 'unproductive', who), { now }).thenRefuses(accessDenied);
  });

  it('writes nothing when the category does not change, matching names without case or spaces', () => {
    given(appCategories, [categorySet('Hacker News', 'unproductive')]).when(set('hacker news', 'unproductive'), { now }).then([]);
    given(appCategories, []).when(set('YouTube', 'unproductive'), { now }).then([]);
    given(appCategories, []).when(set('Some Tool', 'neutral'), { now }).then([]);
  });

  it('lets an Admin overrule the default list, and go back to it', () => {
    given(appCategories, []).when(set('YouTube', 'productive'), { now }).then([categorySet('YouTube', 'productive')]);
    given(appCategories, [categorySet('YouTube', 'productive')]).when(set('youtube', 'unproductive'), { now }).then([categorySet('youtube', 'unproductive')]);
  });

  it('refuses a blank or overlong name', () => {
    given(appCategories, []).when(set('  ', 'productive'), { now }).thenRefuses(appCategoryMessages.applicationInvalid);
    given(appCategories, []).when(set('x'.repeat(201), 'productive'), { now }).thenRefuses(appCategoryMessages.applicationInvalid);
  });

  it('has defaults for common tools, and calls everything else neutral', () => {
    expect(appKey('  Visual Studio Code ')).toBe('visual studio code');
    expect(defaultCategory('Visual Studio Code')).toBe('productive');
    expect(defaultCategory('NETFLIX')).toBe('unproductive');
    expect(defaultCategory('Some Tool')).toBe('neutral');
  });
});
