import { describe, it } from 'vitest';
import { accessDenied } from '../members/roles.ts';
import { testActor } from '../members/test-actor.ts';
import { given } from '../shared/spec.ts';
import type { RunningSession } from '../time-tracking/tracker.ts';
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

const sample = (application: string, start: string, seconds: number, idle = false): AppUsageSample => ({ application, windowTitle: null, start, seconds, idle });
const record = (samples: AppUsageSample[], who = member) => ({ type: 'RecordAppUsage' as const, companyId, userId: member.userId, actor: who, batchId, samples });
const recorded = (samples: AppUsageSample[]): AppUsageEvent => ({
  type: 'AppUsageRecorded',
  data: { companyId, userId: member.userId, batchId, sessionId: running.sessionId, teamId: running.teamId, projectId: running.projectId, timeZone: 'Asia/Kolkata', samples },
});

describe('application usage', () => {
  const batch = [sample('Slack', '2026-03-10T09:58:00.000Z', 30), sample('YouTube', '2026-03-10T09:58:30.000Z', 30, true)];

  it('records a batch taken while the timer runs, on the session’s team, project and zone', () => {
    given(appUsage, []).when(record(batch), { now, running }).then([recorded(batch)]);
  });

  it('trims application names', () => {
    given(appUsage, []).when(record([sample('  Slack ', '2026-03-10T09:58:00.000Z', 30)]), { now, running }).then([recorded([sample('Slack', '2026-03-10T09:58:00.000Z', 30)])]);
  });

  it('writes nothing for a batch already recorded, even once the timer stopped', () => {
    given(appUsage, [recorded(batch)]).when(record(batch), { now, running }).then([]);
    given(appUsage, [recorded(batch)]).when(record(batch), { now, running: null }).then([]);
  });

  it('refuses a batch while the timer is not running', () => {
    given(appUsage, []).when(record(batch), { now, running: null }).thenRefuses('No active timer session found. Please start the timer first.');
  });

  it('refuses more than a minute of samples', () => {
    const long = [sample('Slack', '2026-03-10T09:58:00.000Z', 40), sample('Slack', '2026-03-10T09:58:40.000Z', 21)];
    given(appUsage, []).when(record(long), { now, running }).thenRefuses(appUsageMessages.tooMuch);
    given(appUsage, []).when(record([]), { now, running }).thenRefuses(appUsageMessages.tooMuch);
  });

  it('refuses samples from before the session or from the future, allowing five seconds of clock skew', () => {
    given(appUsage, []).when(record([sample('Slack', '2026-03-10T08:59:59.000Z', 10)]), { now, running }).thenRefuses(appUsageMessages.outsideSession);
    given(appUsage, []).when(record([sample('Slack', '2026-03-10T09:59:56.000Z', 10)]), { now, running }).thenRefuses(appUsageMessages.outsideSession);
    const skewed = [sample('Slack', '2026-03-10T09:59:55.000Z', 10)];
    given(appUsage, []).when(record(skewed), { now, running }).then([recorded(skewed)]);
  });

  it('refuses a blank application name', () => {
    given(appUsage, []).when(record([sample('   ', '2026-03-10T09:58:00.000Z', 30)]), { now, running }).thenRefuses(appUsageMessages.applicationInvalid);
  });

  it('lets only the person record their own usage', () => {
    given(appUsage, []).when(record(batch, admin), { now, running }).thenRefuses(accessDenied);
    given(appUsage, []).when(record(batch, stranger), { now, running }).thenRefuses(accessDenied);
  });
});
