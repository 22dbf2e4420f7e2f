import { describe, expect, it } from 'vitest';
import type { Actor } from '../members/authorization.ts';
import { given } from '../shared/spec.ts';
import type { HeartbeatEvent } from './events.ts';
import { type RecordHeartbeat, type SessionBeatsContext, sessionBeats } from './session-beats.ts';
import { type RunningSession, trackerMessages } from './tracker.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const userId = '00000000-0000-4000-8000-000000000001';
const sessionId = '00000000-0000-4000-8000-00000000005e';
const me: Actor = { kind: 'member', userId, companyId, role: 'Member', managedTeams: new Set() };
const now = new Date('2026-03-10T04:10:00.000Z');

const running: RunningSession = {
  sessionId,
  source: 'desktop',
  timeZone: 'Asia/Kolkata',
  startedAt: '2026-03-10T04:00:00.000Z',
  teamId: '00000000-0000-4000-8000-0000000000a1',
  projectId: '00000000-0000-4000-8000-0000000000b1',
  projectName: 'Apollo',
  taskId: 'AP-1',
  taskName: 'Design',
  taskDetails: '',
};

const beat = (idleMinutes: number, overrides: Partial<RecordHeartbeat> = {}): RecordHeartbeat => ({
  type: 'RecordHeartbeat',
  companyId,
  userId,
  actor: me,
  sessionId,
  idleMinutes,
  ...overrides,
});
const ctx = (session: RunningSession | null = running): SessionBeatsContext => ({ now, running: session });
const recorded = (at: string, idleMinutes: number): HeartbeatEvent => ({ type: 'TimerHeartbeat', data: { companyId, userId, sessionId, at, idleMinutes } });

describe('session beats: recording idle minutes', () => {
  it('records a beat with idle minutes at the server’s time', () => {
    given(sessionBeats, []).when(beat(1), ctx()).then([recorded(now.toISOString(), 1)]);
  });

  it('rounds the minutes and caps them at 2 a beat', () => {
    given(sessionBeats, []).when(beat(1.4), ctx()).then([recorded(now.toISOString(), 1)]);
    given(sessionBeats, []).when(beat(45), ctx()).then([recorded(now.toISOString(), 2)]);
  });

  it('records nothing for a plain beat: the client being alive is no event', () => {
    given(sessionBeats, [recorded('2026-03-10T04:05:00.000Z', 1)]).when(beat(0), ctx()).then([]);
    given(sessionBeats, []).when(beat(0.2), ctx()).then([]);
  });

  it('refuses a beat with no session running, or for another session', () => {
    given(sessionBeats, []).when(beat(1), ctx(null)).thenRefuses(trackerMessages.noSession);
    given(sessionBeats, []).when(beat(0), ctx(null)).thenRefuses(trackerMessages.noSession);
    given(sessionBeats, []).when(beat(1), ctx({ ...running, sessionId: '00000000-0000-4000-8000-00000000005f' })).thenRefuses(trackerMessages.noSession);
  });

  it('refuses a Client, and a beat on someone else’s tracker, even from an Admin', () => {
    given(sessionBeats, []).when(beat(1, { actor: { ...me, role: 'Client' } }), ctx()).thenRefuses('Access denied');
    const admin: Actor = { kind: 'member', userId: '00000000-0000-4000-8000-000000000002', companyId, role: 'Admin', managedTeams: new Set() };
    given(sessionBeats, []).when(beat(1, { actor: admin }), ctx()).thenRefuses('Access denied');
  });

  it('folds the beats the stream holds, oldest first, for the stop and the sweep', () => {
    const history = [recorded('2026-03-10T04:05:00.000Z', 1), recorded('2026-03-10T04:05:30.000Z', 0)];
    expect(history.reduce(sessionBeats.evolve, sessionBeats.initialState).beats).toEqual([
      { at: '2026-03-10T04:05:00.000Z', idleMinutes: 1 },
      { at: '2026-03-10T04:05:30.000Z', idleMinutes: 0 },
    ]);
  });
});
