import { describe, it } from 'vitest';
import type { Actor } from '../members/authorization.ts';
import { accessDenied } from '../members/roles.ts';
import { testActor } from '../members/test-actor.ts';
import { given } from '../shared/spec.ts';
import { MAX_MONITORING_MESSAGE, type MonitoringEvent } from './events.ts';
import { type MonitoredPerson, monitoringMessages, monitoringRequests } from './monitoring.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const otherCompanyId = '00000000-0000-4000-8000-0000000000c2';
const apollo = '00000000-0000-4000-8000-0000000000a1';
const gemini = '00000000-0000-4000-8000-0000000000a2';
const now = new Date('2026-03-10T04:00:00.000Z');
const context = { now, companyName: 'Acme' };
const HOUR = 3_600_000;

const admin = testActor(companyId, '1', 'Admin');
const head = testActor(companyId, '2', 'Head', [apollo]);
const manager = testActor(companyId, '3', 'Manager', [apollo]);
const otherManager = testActor(companyId, '4', 'Manager', [gemini]);
const member = testActor(companyId, '5', 'Member');
const otherAdmin = testActor(otherCompanyId, '6', 'Admin');

const ana: MonitoredPerson = { userId: '00000000-0000-4000-8000-000000000009', name: 'Ana Apollo', email: 'ana@example.com', role: 'Member', teamIds: [apollo] };
const nameOf = (who: Actor) => `Name ${who.userId.slice(-1)}`;

const request = (who: Actor, message: string | null = null, person = ana) => ({ type: 'RequestMonitoring' as const, companyId, person, message, actor: who, actorName: nameOf(who) });
const requested = (who: Actor, at = now, message: string | null = null): MonitoringEvent => ({
  type: 'MonitoringRequested',
  data: { companyId, companyName: 'Acme', userId: ana.userId, name: 'Ana Apollo', email: 'ana@example.com', by: { userId: who.userId, name: nameOf(who) }, message, at: at.toISOString() },
});
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR);

describe('requesting monitoring', () => {
  it('lets an Admin, and a Head or Manager of the person’s team, ask them, with who asks and the note', () => {
    for (const who of [admin, head, manager]) given(monitoringRequests, []).when(request(who), context).then([requested(who)]);
    given(monitoringRequests, []).when(request(admin, '  Please install it today.  '), context).then([requested(admin, now, 'Please install it today.')]);
    given(monitoringRequests, []).when(request(admin, '   '), context).then([requested(admin)]);
  });

  it('refuses a Member, a Manager of another team, another company, and asking oneself', () => {
    for (const who of [member, otherManager, otherAdmin]) given(monitoringRequests, []).when(request(who), context).thenRefuses(accessDenied);
    const self: MonitoredPerson = { ...ana, userId: manager.userId, role: 'Manager' };
    given(monitoringRequests, []).when(request(manager, null, self), context).thenRefuses(accessDenied);
  });

  it('refuses a Manager asking a Head of their team', () => {
    const headOfApollo: MonitoredPerson = { ...ana, role: 'Head' };
    given(monitoringRequests, []).when(request(manager, null, headOfApollo), context).thenRefuses(accessDenied);
    given(monitoringRequests, []).when(request(admin, null, headOfApollo), context).then([requested(admin)]);
  });

  it('asks a person at most once in 24 hours, whoever asks', () => {
    given(monitoringRequests, [requested(manager, hoursAgo(1))]).when(request(admin), context).thenRefuses(monitoringMessages.tooSoon);
    given(monitoringRequests, [requested(admin, hoursAgo(23.99))]).when(request(admin), context).thenRefuses(monitoringMessages.tooSoon);
    given(monitoringRequests, [requested(admin, hoursAgo(48)), requested(admin, hoursAgo(24))]).when(request(manager), context).then([requested(manager)]);
  });

  it('takes a note of at most 1,000 characters', () => {
    given(monitoringRequests, []).when(request(admin, 'x'.repeat(MAX_MONITORING_MESSAGE)), context).then([requested(admin, now, 'x'.repeat(MAX_MONITORING_MESSAGE))]);
    given(monitoringRequests, []).when(request(admin, 'x'.repeat(MAX_MONITORING_MESSAGE + 1)), context).thenRefuses(monitoringMessages.messageTooLong);
  });
});
