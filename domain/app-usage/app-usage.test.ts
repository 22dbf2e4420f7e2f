import { describe, expect, it } from 'vitest';
import { accessDenied } from '../members/roles.ts';
import { testActor } from '../members/test-actor.ts';
import { given } from '../shared/spec.ts';
import { AGENT_LATE_MS, type RunningSession } from '../time-tracking/tracker.ts';
import { appUsage, appUsageMessages } from './app-usage.ts';
import type { AppUsageEvent, AppUsageSample } from './events.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const otherCompanyId = '00000000-0000-4000-8000-0000000000c2';
const batchId = '00000000-0000-4000-8000-0000000000b9';
const member = testActor(companyId, '4', 'Member');
const admin = testActor(companyId, '1', 'Admin');
const stranger = testActor(otherCompanyId, '4', 'Member');
const now = new Date('2026-03-10T10:00:00.000Z');

const running: RunningSession = {
  sessionId: '00000000-0000-4000-8000-0000000000e1',
  source: 'desktop',
  timeZone: 'Asia/Kolkata',
  startedAt: '2026-03-10T09:00:00.000Z',
  teamId: '00000000-0000-4000-8000-0000000000a1',
  projectId: '00000000-0000-4000-8000-0000000000f1',
  projectName: 'Apollo',
  taskId: 'AP-1',
  taskName: 'Design',
  taskDetails: '',
};

const tracker = { running, ended: [] };
/** No timer running, nothing ended lately. */
const idle = { running: null, ended: [] };
/** The session stopped at 09:59, and a later one from 11:00 to 11:30. */
const stopped = { ...running, endedAt: '2026-03-10T09:59:00.000Z' };
const later = { ...running, sessionId: '00000000-0000-4000-8000-0000000000e2', projectId: '00000000-0000-4000-8000-0000000000f2', startedAt: '2026-03-10T11:00:00.000Z', endedAt: '2026-03-10T11:30:00.000Z' };

const sample = (application: string, start: string, seconds: number, idle = false): AppUsageSample => ({ application, windowTitle: null, start, seconds, idle });
const record = (samples: AppUsageSample[], who = member) => ({ type: 'RecordAppUsage' as const, companyId, userId: member.userId, actor: who, batchId, samples });
const recorded = (samples: AppUsageSample[]): AppUsageEvent => ({
  type: 'AppUsageRecorded',
  data: { companyId, userId: member.userId, batchId, sessionId: running.sessionId, teamId: running.teamId, projectId: running.projectId, timeZone: 'Asia/Kolkata', samples },
});

describe('application usage', () => {
  const batch = [sample('Slack', '2026-03-10T09:58:00.000Z', 30), sample('YouTube', '2026-03-10T09:58:30.000Z', 30, true)];

  it('records a batch taken while the timer runs, on the session’s team, project and zone', () => {
    given(appUsage, []).when(record(batch), { now, tracker }).then([recorded(batch)]);
  });

  it('trims application names', () => {
    given(appUsage, []).when(record([sample('  Slack ', '2026-03-10T09:58:00.000Z', 30)]), { now, tracker }).then([recorded([sample('Slack', '2026-03-10T09:58:00.000Z', 30)])]);
  });

  it('writes nothing for a batch already recorded, even once the timer stopped', () => {
    given(appUsage, [recorded(batch)]).when(record(batch), { now, tracker }).then([]);
    given(appUsage, [recorded(batch)]).when(record(batch), { now, tracker: idle }).then([]);
  });

  it('refuses a batch while the timer is not running', () => {
    given(appUsage, []).when(record(batch), { now, tracker: idle }).thenRefuses('No active timer session found. Please start the timer first.');
  });

  it('refuses more than a minute of samples', () => {
    const long = [sample('Slack', '2026-03-10T09:58:00.000Z', 40), sample('Slack', '2026-03-10T09:58:40.000Z', 21)];
    given(appUsage, []).when(record(long), { now, tracker }).thenRefuses(appUsageMessages.tooMuch);
    given(appUsage, []).when(record([]), { now, tracker }).thenRefuses(appUsageMessages.tooMuch);
  });

  it('refuses samples from before the session or from the future, allowing five seconds of clock skew', () => {
    given(appUsage, []).when(record([sample('Slack', '2026-03-10T08:59:59.000Z', 10)]), { now, tracker }).thenRefuses(appUsageMessages.outsideSession);
    given(appUsage, []).when(record([sample('Slack', '2026-03-10T09:59:56.000Z', 10)]), { now, tracker }).thenRefuses(appUsageMessages.outsideSession);
    const skewed = [sample('Slack', '2026-03-10T09:59:55.000Z', 10)];
    given(appUsage, []).when(record(skewed), { now, tracker }).then([recorded(skewed)]);
  });

  it('refuses a blank application name', () => {
    given(appUsage, []).when(record([sample('   ', '2026-03-10T09:58:00.000Z', 30)]), { now, tracker }).thenRefuses(appUsageMessages.applicationInvalid);
  });

  it('lets only the person record their own usage', () => {
    given(appUsage, []).when(record(batch, admin), { now, tracker }).thenRefuses(accessDenied);
    given(appUsage, []).when(record(batch, stranger), { now, tracker }).thenRefuses(accessDenied);
  });

  it('records what an agent offline meanwhile saw in a session that ended less than a day ago, on that session', () => {
    const atNoon = new Date('2026-03-10T12:00:00.000Z');
    const offline = { running: null, ended: [stopped, later] };
    given(appUsage, []).when(record(batch), { now: atNoon, tracker: offline }).then([recorded(batch)]);
    const inLater = [sample('Figma', '2026-03-10T11:10:00.000Z', 30)];
    const event = given(appUsage, []).when(record(inLater), { now: atNoon, tracker: offline }).events()[0];
    expect(event.data).toMatchObject({ sessionId: later.sessionId, projectId: later.projectId });
    // After its end, in no session: with no timer running, that is no session at all.
    given(appUsage, []).when(record([sample('Slack', '2026-03-10T09:59:10.000Z', 10)]), { now: atNoon, tracker: offline }).thenRefuses('No active timer session found. Please start the timer first.');
    // A batch across two sessions is sent as two.
    given(appUsage, []).when(record([sample('Slack', '2026-03-10T09:58:00.000Z', 30), sample('Figma', '2026-03-10T11:10:00.000Z', 30)]), { now: atNoon, tracker: offline }).thenRefuses(appUsageMessages.outsideSession);
    const tooLate = new Date(Date.parse(stopped.endedAt) + AGENT_LATE_MS + 1);
    given(appUsage, []).when(record(batch), { now: tooLate, tracker: { running: null, ended: [stopped] } }).thenRefuses('No active timer session found. Please start the timer first.');
  });
});
