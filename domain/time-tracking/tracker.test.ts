import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../members/authorization.ts';
import { fold } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { given } from '../shared/spec.ts';
import type { TimerSource, TimerTask, TrackerEvent } from './events.ts';
import { localDay } from './local-days.ts';
import { AGENT_LATE_MS, agentSession, type Heartbeat, punchStatus, type TrackerCommand, type TrackerContext, type TrackerState, tracker, trackerMessages } from './tracker.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const userId = '00000000-0000-4000-8000-000000000001';
const teamId = '00000000-0000-4000-8000-0000000000a1';
const sessionId = 'session-1';
const me: Actor = { kind: 'member', userId, companyId, role: 'Member', managedTeams: new Set() };
/** My tracker, as I send commands to it. */
const mine = { companyId, userId, actor: me };

// 09:30 in Asia/Kolkata.
const t0 = new Date('2026-03-10T04:00:00.000Z');
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const seconds = (n: number) => n * 1000;
const minutes = (n: number) => n * 60_000;

const ctx = (now: Date, isAssignedOpenTask: TrackerContext['isAssignedOpenTask'] = () => true): TrackerContext => ({ now, isAssignedOpenTask });

const taskA: TimerTask = {
  teamId,
  projectId: 'project-1',
  projectName: 'Apollo',
  taskId: 'task-1',
  taskName: 'Design',
  taskDetails: 'Sketch the landing page',
};
const taskB: TimerTask = { ...taskA, taskId: 'task-2', taskName: 'Review', taskDetails: '' };

const startTimer = (overrides: Partial<Extract<TrackerCommand, { type: 'StartTimer' }>> = {}): TrackerCommand => ({
  type: 'StartTimer',
  ...mine,
  sessionId,
  source: 'web',
  timeZone: 'Asia/Kolkata',
  ...taskA,
  ...overrides,
});
const stopTimer = (heartbeats: Heartbeat[] = [], id: string | undefined = sessionId): TrackerCommand => ({ type: 'StopTimer', ...mine, sessionId: id, heartbeats });
const cancelTimer = (): TrackerCommand => ({ type: 'CancelTimer', ...mine });
const abandonTimer = (heartbeats: Heartbeat[] = [], id = sessionId): TrackerCommand => ({ type: 'AbandonTimer', sessionId: id, heartbeats, authority: { kind: 'operator' } });
const punchIn = (timeZone: string | null = 'Asia/Kolkata'): TrackerCommand => ({ type: 'PunchIn', ...mine, timeZone });
const punchOut = (timeZone: string | null = 'Asia/Kolkata'): TrackerCommand => ({ type: 'PunchOut', ...mine, timeZone });

const punchedIn = (when = at(t0, -minutes(30)), timeZone = 'Asia/Kolkata'): TrackerEvent => ({
  type: 'PunchedIn',
  data: { companyId, userId, at: when.toISOString(), timeZone, day: localDay(when.toISOString(), timeZone) },
});
const timerStarted = (startedAt = t0, overrides: Partial<{ source: TimerSource; timeZone: string; sessionId: string } & TimerTask> = {}): TrackerEvent => ({
  type: 'TimerStarted',
  data: { companyId, userId, sessionId, source: 'web', timeZone: 'Asia/Kolkata', startedAt: startedAt.toISOString(), ...taskA, ...overrides },
});
const running = (startedAt = t0, overrides: Parameters<typeof timerStarted>[1] = {}) => [punchedIn(at(startedAt, -minutes(30))), timerStarted(startedAt, overrides)];

/** Temporal prints instants without a zero millisecond part. */
const instant = (date: Date) => date.toISOString().replace('.000Z', 'Z');

describe('tracker: starting the timer', () => {
  it('starts a session on the chosen task once punched in', () => {
    given(tracker, [punchedIn()])
      .when(startTimer(), ctx(t0))
      .then([timerStarted(t0)]);
  });

  it.each([
    [{ projectId: '' }],
    [{ taskId: '' }],
    [{ projectName: '' }],
    [{ taskName: '' }],
    [{ projectId: '', taskId: '', teamId: '' }],
  ])('refuses %j: a project and task must be selected', (overrides) => {
    given(tracker, [punchedIn()]).when(startTimer(overrides), ctx(t0)).thenRefuses('Please select a project and task name before starting the timer.');
  });

  it('refuses without a team or a signed-in user', () => {
    given(tracker, [punchedIn()])
      .when(startTimer({ teamId: '' }), ctx(t0))
      .thenRefuses('Unable to start timer. Please ensure you are logged in and have selected a team.');
    given(tracker, [])
      .when(startTimer({ userId: '', actor: { ...me, userId: '' } }), ctx(t0))
      .thenRefuses(trackerMessages.needTeam);
  });

  it('refuses before punching in, and after punching out', () => {
    given(tracker, []).when(startTimer(), ctx(t0)).thenRefuses('Please punch in before starting the timer.');
    const punchedOut: TrackerEvent = {
      type: 'PunchedOut',
      data: { companyId, userId, at: at(t0, -minutes(5)).toISOString(), timeZone: 'Asia/Kolkata', day: '2026-03-10' },
    };
    given(tracker, [punchedIn(), punchedOut]).when(startTimer(), ctx(t0)).thenRefuses(trackerMessages.mustPunchIn);
  });

  it('refuses a task that is not assigned to the user or is done', () => {
    const asked: [string, string][] = [];
    given(tracker, [punchedIn()])
      .when(
        startTimer(),
        ctx(t0, (projectId, taskId) => {
          asked.push([projectId, taskId]);
          return false;
        }),
      )
      .thenRefuses(trackerMessages.taskNotAvailable);
    expect(asked).toEqual([['project-1', 'task-1']]);
    expect(trackerMessages.taskNotAvailable).toBe('This task is not assigned to you or is already done.');
  });

  it.each([[null], [''], ['Mars/Olympus_Mons'], ['not a zone']])('falls back to Asia/Kolkata for the time zone %j', (timeZone) => {
    given(tracker, [punchedIn()])
      .when(startTimer({ timeZone }), ctx(t0))
      .then([timerStarted(t0, { timeZone: 'Asia/Kolkata' })]);
  });

  it('keeps a known time zone', () => {
    given(tracker, [punchedIn()])
      .when(startTimer({ timeZone: 'America/New_York' }), ctx(t0))
      .then([timerStarted(t0, { timeZone: 'America/New_York' })]);
  });

  it('refuses a web start while the desktop app runs a session', () => {
    given(tracker, running(t0, { source: 'desktop' }))
      .when(startTimer({ source: 'web', sessionId: 'session-2' }), ctx(at(t0, minutes(3))))
      .thenRefuses('You cannot start timer as it is already running in desktop app');
  });

  it('refuses a desktop start while a web session runs', () => {
    given(tracker, running(t0))
      .when(startTimer({ source: 'desktop', sessionId: 'session-2' }), ctx(at(t0, minutes(3))))
      .thenRefuses('You cannot start timer as it is already running in another platform');
  });

  it('does nothing when the same start arrives again (a retry or another tab)', () => {
    given(tracker, running(t0)).when(startTimer(), ctx(at(t0, seconds(5)))).then([]);
    given(tracker, running(t0)).when(startTimer({ sessionId: 'session-2' }), ctx(at(t0, minutes(5)))).then([]);
  });

  it('refuses another task while a session runs', () => {
    given(tracker, running(t0))
      .when(startTimer({ ...taskB, sessionId: 'session-2' }), ctx(at(t0, minutes(2))))
      .thenRefuses('The timer is already running for another task. Stop it before starting a new one.');
  });

  it('starts again after the previous session was stopped', () => {
    const stopped = given(tracker, running(t0)).when(stopTimer(), ctx(at(t0, minutes(10)))).events();
    given(tracker, [...running(t0), ...stopped])
      .when(startTimer({ ...taskB, sessionId: 'session-2' }), ctx(at(t0, minutes(11))))
      .then([timerStarted(at(t0, minutes(11)), { ...taskB, sessionId: 'session-2' })]);
  });
});

describe('tracker: stopping the timer', () => {
  it('refuses to save a session shorter than one minute', () => {
    given(tracker, running(t0))
      .when(stopTimer(), ctx(at(t0, seconds(59))))
      .thenRefuses('Timer must run for at least 1 minute before it can be saved. Please continue tracking time.');
    given(tracker, running(t0)).when(stopTimer(), ctx(at(t0, 59_999))).thenRefuses(trackerMessages.tooShort);
  });

  it('saves a session of exactly 60 seconds, with no idle before its start (a beat at 30 s reporting 5 minutes has 30 s before it)', () => {
    const stoppedAt = at(t0, seconds(60));
    given(tracker, running(t0))
      .when(stopTimer([{ at: at(t0, seconds(30)).toISOString(), idleMinutes: 5 }]), ctx(stoppedAt))
      .then([
        {
          type: 'TimerStopped',
          data: {
            companyId,
            userId,
            sessionId,
            source: 'web',
            timeZone: 'Asia/Kolkata',
            ...taskA,
            startedAt: t0.toISOString(),
            stoppedAt: stoppedAt.toISOString(),
            entries: [{ day: '2026-03-10', start: instant(t0), end: instant(stoppedAt), seconds: 60, idleMinutes: 0, splitIndex: 0, totalSplits: 1 }],
          },
        },
      ]);
  });

  it('stops without a session id from the caller', () => {
    const [event] = given(tracker, running(t0)).when(stopTimer([], undefined), ctx(at(t0, minutes(2)))).events();
    expect(event.type).toBe('TimerStopped');
  });

  it('splits a session over local midnight in Asia/Kolkata, each beat’s idle on the minutes just before it', () => {
    // 23:00 IST on 10 March to 01:00 IST on 11 March; UTC midnight is not crossed.
    const startedAt = new Date('2026-03-10T17:30:00.000Z');
    const stoppedAt = new Date('2026-03-10T19:30:00.000Z');
    const beats: Heartbeat[] = [
      { at: '2026-03-10T17:00:00.000Z', idleMinutes: 40 }, // before the start: ignored
      { at: '2026-03-10T18:00:00.000Z', idleMinutes: 5 }, // 23:30 IST, 10 March
      { at: '2026-03-10T18:20:00.000Z', idleMinutes: 3 }, // 23:50 IST, 10 March
      { at: '2026-03-10T18:45:00.000Z', idleMinutes: 7 }, // 00:15 IST, 11 March (still 10 March in UTC)
      { at: '2026-03-10T19:15:00.000Z', idleMinutes: 40 }, // 00:45 IST, 11 March
      { at: '2026-03-10T20:00:00.000Z', idleMinutes: 9 }, // after the stop: ignored
    ];
    const [event] = given(tracker, running(startedAt)).when(stopTimer(beats), ctx(stoppedAt)).events();
    expect(event.type).toBe('TimerStopped');
    if (event.type !== 'TimerStopped') return;
    expect(event.data.startedAt).toBe(startedAt.toISOString());
    expect(event.data.stoppedAt).toBe(stoppedAt.toISOString());
    expect(event.data.entries).toEqual([
      // 5 + 3 minutes, and 2 of the 40 reported at 00:45 IST, which fill back past the 7 reported at 00:15.
      { day: '2026-03-10', start: '2026-03-10T17:30:00Z', end: '2026-03-10T18:30:00Z', seconds: 3600, idleMinutes: 10, splitIndex: 0, totalSplits: 2 },
      { day: '2026-03-11', start: '2026-03-10T18:30:00Z', end: '2026-03-10T19:30:00Z', seconds: 3600, idleMinutes: 45, splitIndex: 1, totalSplits: 2 },
    ]);
  });

  it('never counts idle before the start or twice, so no day’s idle passes its time', () => {
    // 23:40 IST to 01:00 IST: 20 minutes on 10 March, 60 on 11 March.
    const startedAt = new Date('2026-03-10T18:10:00.000Z');
    const beats: Heartbeat[] = [
      { at: '2026-03-10T18:20:00.000Z', idleMinutes: 15 },
      { at: '2026-03-10T18:25:00.000Z', idleMinutes: 12 },
      { at: '2026-03-10T19:00:00.000Z', idleMinutes: 100 },
    ];
    const [event] = given(tracker, running(startedAt)).when(stopTimer(beats), ctx(new Date('2026-03-10T19:30:00.000Z'))).events();
    if (event.type !== 'TimerStopped') throw new Error(event.type);
    expect(event.data.entries.map((e) => [e.day, e.seconds, e.idleMinutes])).toEqual([
      ['2026-03-10', 1200, 20],
      ['2026-03-11', 3600, 30],
    ]);
  });

  it('gives a beat just after midnight the minutes before it, on both days (whole minutes here; the time log keeps the seconds)', () => {
    // 23:00 IST on 10 March to 00:00:50 IST on 11 March; a beat at 00:00:20 IST.
    const startedAt = new Date('2026-03-10T17:30:00.000Z');
    const [event] = given(tracker, running(startedAt))
      .when(stopTimer([{ at: '2026-03-10T18:30:20.000Z', idleMinutes: 2 }]), ctx(new Date('2026-03-10T18:30:50.000Z')))
      .events();
    if (event.type !== 'TimerStopped') throw new Error(event.type);
    expect(event.data.entries.map((e) => [e.day, e.seconds, e.idleMinutes])).toEqual([
      ['2026-03-10', 3600, 1],
      ['2026-03-11', 50, 0],
    ]);
  });

  it('gives a beat at a stop on midnight to the day that ends there', () => {
    // 23:00 to 00:00 IST, the beat at the stop instant.
    const startedAt = new Date('2026-03-10T17:30:00.000Z');
    const stoppedAt = new Date('2026-03-10T18:30:00.000Z');
    const [event] = given(tracker, running(startedAt))
      .when(stopTimer([{ at: stoppedAt.toISOString(), idleMinutes: 2 }]), ctx(stoppedAt))
      .events();
    if (event.type !== 'TimerStopped') throw new Error(event.type);
    expect(event.data.entries.map((e) => [e.day, e.seconds, e.idleMinutes])).toEqual([['2026-03-10', 3600, 2]]);
  });

  it('saves a 60-second session as 60 seconds, whatever its milliseconds', () => {
    const startedAt = new Date('2038-01-19T03:13:08.002Z');
    const [event] = given(tracker, running(startedAt)).when(stopTimer(), ctx(at(startedAt, seconds(60)))).events();
    if (event.type !== 'TimerStopped') throw new Error(event.type);
    expect(event.data.entries.map((e) => e.seconds)).toEqual([60]);
  });

  it('splits in the session’s own time zone, not the server’s', () => {
    // 19:00 to 21:00 in New York on 9 March is one local day; in Kolkata it would cross midnight.
    const startedAt = new Date('2026-03-09T23:00:00.000Z');
    const [event] = given(tracker, running(startedAt, { timeZone: 'America/New_York' }))
      .when(stopTimer(), ctx(at(startedAt, minutes(120))))
      .events();
    if (event.type !== 'TimerStopped') throw new Error(event.type);
    expect(event.data.entries.map((e) => [e.day, e.seconds])).toEqual([['2026-03-09', 7200]]);
  });

  it('refuses with no session or another session id', () => {
    given(tracker, [punchedIn()]).when(stopTimer(), ctx(t0)).thenRefuses('No active timer session found. Please start the timer first.');
    given(tracker, running(t0)).when(stopTimer([], 'session-other'), ctx(at(t0, minutes(5)))).thenRefuses(trackerMessages.noSession);
    const stopped = given(tracker, running(t0)).when(stopTimer(), ctx(at(t0, minutes(5)))).events();
    given(tracker, [...running(t0), ...stopped]).when(stopTimer(), ctx(at(t0, minutes(6)))).thenRefuses(trackerMessages.noSession);
  });
});

describe('tracker: cancelling the timer', () => {
  it('cancels the running session without saving time', () => {
    const cancelledAt = at(t0, seconds(20));
    given(tracker, running(t0))
      .when(cancelTimer(), ctx(cancelledAt))
      .then([{ type: 'TimerCancelled', data: { companyId, userId, sessionId, cancelledAt: cancelledAt.toISOString() } }]);
  });

  it('refuses without a session', () => {
    given(tracker, [punchedIn()]).when(cancelTimer(), ctx(t0)).thenRefuses('No active timer session to cancel.');
    given(tracker, []).when(cancelTimer(), ctx(t0)).thenRefuses(trackerMessages.nothingToCancel);
  });

  it('leaves no session behind', () => {
    const cancelled = given(tracker, running(t0)).when(cancelTimer(), ctx(at(t0, seconds(20)))).events();
    expect(fold(tracker, [...running(t0), ...cancelled]).running).toBeNull();
    given(tracker, [...running(t0), ...cancelled]).when(cancelTimer(), ctx(at(t0, seconds(30)))).thenRefuses(trackerMessages.nothingToCancel);
  });
});

describe('tracker: punching in and out', () => {
  it('punches in with the local day of the punch', () => {
    // 01:30 on 11 March in Kolkata, still 10 March in UTC.
    const when = new Date('2026-03-10T20:00:00.000Z');
    given(tracker, [])
      .when(punchIn(), ctx(when))
      .then([{ type: 'PunchedIn', data: { companyId, userId, at: when.toISOString(), timeZone: 'Asia/Kolkata', day: '2026-03-11' } }]);
  });

  it.each([
    ['Pacific/Kiritimati', '2026-05-01T11:00:00.000Z', '2026-05-02'],
    ['America/New_York', '2026-05-01T03:00:00.000Z', '2026-04-30'],
    ['Australia/Lord_Howe', '2026-05-01T13:30:00.000Z', '2026-05-02'],
  ])('uses the local day in %s', (timeZone, iso, day) => {
    const [event] = given(tracker, []).when(punchIn(timeZone), ctx(new Date(iso))).events();
    expect(event.data).toMatchObject({ timeZone, day, at: iso });
  });

  it.each([[null], ['Nowhere/Land']])('falls back to Asia/Kolkata for the time zone %j', (timeZone) => {
    const when = new Date('2026-03-10T20:00:00.000Z');
    const [event] = given(tracker, []).when(punchIn(timeZone), ctx(when)).events();
    expect(event.data).toMatchObject({ timeZone: 'Asia/Kolkata', day: '2026-03-11' });
  });

  it('refuses a second punch in', () => {
    given(tracker, [punchedIn()]).when(punchIn(), ctx(t0)).thenRefuses('You are already punched in.');
  });

  it('punches out with the local day of the punch', () => {
    // 01:30 and 03:30 on 10 March in Kolkata, still 9 March in UTC.
    const when = new Date('2026-03-09T22:00:00.000Z');
    given(tracker, [punchedIn(new Date('2026-03-09T20:00:00.000Z'))])
      .when(punchOut('Asia/Kolkata'), ctx(when))
      .then([{ type: 'PunchedOut', data: { companyId, userId, at: when.toISOString(), timeZone: 'Asia/Kolkata', day: '2026-03-10' } }]);
  });

  it('refuses to punch out without punching in', () => {
    given(tracker, []).when(punchOut(), ctx(t0)).thenRefuses('You are not currently punched in.');
    const out = given(tracker, [punchedIn()]).when(punchOut(), ctx(t0)).events();
    given(tracker, [punchedIn(), ...out]).when(punchOut(), ctx(at(t0, minutes(1)))).thenRefuses(trackerMessages.notPunchedIn);
  });

  it('refuses to punch out while the timer runs', () => {
    given(tracker, running(t0)).when(punchOut(), ctx(at(t0, minutes(10)))).thenRefuses('Please stop the timer before punching out.');
  });

  it('punches out once the timer is stopped', () => {
    const stopped = given(tracker, running(t0)).when(stopTimer(), ctx(at(t0, minutes(10)))).events();
    const [event] = given(tracker, [...running(t0), ...stopped]).when(punchOut(), ctx(at(t0, minutes(11)))).events();
    expect(event.type).toBe('PunchedOut');
  });
});

describe('tracker: punch status is per local day', () => {
  // 09:00 on Tuesday 10 March in Kolkata; 22:00 the same evening.
  const morning = new Date('2026-03-10T03:30:00.000Z');
  const evening = new Date('2026-03-10T16:30:00.000Z');
  const nextMorning = new Date('2026-03-11T03:30:00.000Z');

  it('keeps a punch in for the rest of its day', () => {
    const state = fold(tracker, [punchedIn(morning)]);
    expect(punchStatus(state, new Date('2026-03-10T18:29:00.000Z'))).toEqual({ isPunchedIn: true, today: 'in' });
    given(tracker, [punchedIn(morning)]).when(punchIn(), ctx(evening)).thenRefuses(trackerMessages.alreadyPunchedIn);
  });

  it('starts the next local day not punched in when a punch in was left open', () => {
    const forgotten = [punchedIn(morning)];
    // 00:00:30 on 11 March in Kolkata.
    expect(punchStatus(fold(tracker, forgotten), new Date('2026-03-10T18:30:30.000Z'))).toEqual({ isPunchedIn: false, today: null });
    given(tracker, forgotten).when(punchOut(), ctx(nextMorning)).thenRefuses(trackerMessages.notPunchedIn);
    given(tracker, forgotten).when(startTimer(), ctx(nextMorning)).thenRefuses(trackerMessages.mustPunchIn);
    given(tracker, forgotten)
      .when(punchIn(), ctx(nextMorning))
      .then([{ type: 'PunchedIn', data: { companyId, userId, at: nextMorning.toISOString(), timeZone: 'Asia/Kolkata', day: '2026-03-11' } }]);
  });

  it('shows a punch out for the rest of its day only', () => {
    const out = given(tracker, [punchedIn(morning)]).when(punchOut(), ctx(evening)).events();
    const state = fold(tracker, [punchedIn(morning), ...out]);
    expect(punchStatus(state, at(evening, minutes(5)))).toEqual({ isPunchedIn: false, today: 'out' });
    expect(punchStatus(state, nextMorning)).toEqual({ isPunchedIn: false, today: null });
  });

  it('keeps a night shift punched in while its timer runs through midnight, then until its punch out', () => {
    const started = given(tracker, [punchedIn(evening)]).when(startTimer(), ctx(at(evening, minutes(5)))).events();
    const shift = [punchedIn(evening), ...started];
    // 01:00 on 11 March: the timer still runs.
    const oneAm = new Date('2026-03-10T19:30:00.000Z');
    expect(punchStatus(fold(tracker, shift), oneAm).isPunchedIn).toBe(true);
    const stopped = given(tracker, shift).when(stopTimer(), ctx(oneAm)).events();
    expect(stopped[0].type === 'TimerStopped' && stopped[0].data.entries.map((e) => e.day)).toEqual(['2026-03-10', '2026-03-11']);
    // The session carried the punch into 11 March: another session may start, and the punch out is taken.
    const afterStop = [...shift, ...stopped];
    expect(given(tracker, afterStop).when(startTimer({ sessionId: 'session-2' }), ctx(at(oneAm, minutes(30)))).events()[0].type).toBe('TimerStarted');
    given(tracker, afterStop)
      .when(punchOut(), ctx(at(oneAm, minutes(10))))
      .then([{ type: 'PunchedOut', data: { companyId, userId, at: at(oneAm, minutes(10)).toISOString(), timeZone: 'Asia/Kolkata', day: '2026-03-11' } }]);
    // Not beyond: on 12 March the punch in no longer counts.
    given(tracker, afterStop).when(punchOut(), ctx(new Date('2026-03-11T19:00:00.000Z'))).thenRefuses(trackerMessages.notPunchedIn);
  });

  it('counts days in the punch’s zone, far from UTC', () => {
    // 01:00 on 2 May in Kiritimati (UTC+14) is still 1 May in UTC.
    const early = new Date('2026-05-01T11:00:00.000Z');
    const state = fold(tracker, [punchedIn(early, 'Pacific/Kiritimati')]);
    expect(punchStatus(state, new Date('2026-05-02T09:59:00.000Z')).isPunchedIn).toBe(true);
    expect(punchStatus(state, new Date('2026-05-02T10:00:00.000Z')).isPunchedIn).toBe(false);
  });
});

describe('tracker: a server clock that steps back', () => {
  it('starts no earlier than the previous stop', () => {
    const stoppedAt = at(t0, minutes(10));
    const stopped = given(tracker, running(t0)).when(stopTimer(), ctx(stoppedAt)).events();
    given(tracker, [...running(t0), ...stopped])
      .when(startTimer({ sessionId: 'session-2' }), ctx(at(stoppedAt, -minutes(5))))
      .then([timerStarted(stoppedAt, { sessionId: 'session-2' })]);
  });

  it('punches out no earlier than the punch in', () => {
    const punchedInAt = t0;
    given(tracker, [punchedIn(punchedInAt)])
      .when(punchOut(), ctx(at(punchedInAt, -minutes(3))))
      .then([{ type: 'PunchedOut', data: { companyId, userId, at: punchedInAt.toISOString(), timeZone: 'Asia/Kolkata', day: '2026-03-10' } }]);
  });

  it('counts a stop’s minute from the start, not from a clock behind it', () => {
    given(tracker, running(t0)).when(stopTimer(), ctx(at(t0, -minutes(5)))).thenRefuses(trackerMessages.tooShort);
  });
});

describe('tracker: who may track', () => {
  const otherUser = '00000000-0000-4000-8000-000000000002';
  const otherCompany = '00000000-0000-4000-8000-0000000000c2';
  /** The same command sent by another actor, or naming another tracker. */
  const sent = (command: TrackerCommand, changes: { actor?: Actor; companyId?: string; userId?: string }) => ({ ...command, ...changes }) as TrackerCommand;
  const commands: [string, TrackerEvent[], TrackerCommand, Date][] = [
    ['StartTimer', [punchedIn()], startTimer(), t0],
    ['StopTimer', running(t0), stopTimer(), at(t0, minutes(5))],
    ['CancelTimer', running(t0), cancelTimer(), at(t0, minutes(5))],
    ['PunchIn', [], punchIn(), t0],
    ['PunchOut', [punchedIn()], punchOut(), t0],
  ];

  it.each(commands)('lets Admins, Heads, Managers and Members run %s on their own tracker', (_name, history, command, now) => {
    for (const role of ['Admin', 'Head', 'Manager', 'Member'] as const) {
      expect(given(tracker, history).when(sent(command, { actor: { ...me, role } }), ctx(now)).events()).toHaveLength(1);
    }
  });

  it.each(commands)('refuses %s to a Client: Clients only read', (_name, history, command, now) => {
    given(tracker, history)
      .when(sent(command, { actor: { ...me, role: 'Client' } }), ctx(now))
      .thenRefuses('Access denied');
  });

  it.each(commands)('refuses %s on another user’s tracker, even to an Admin', (_name, history, command, now) => {
    const admin: Actor = { kind: 'member', userId: otherUser, companyId, role: 'Admin', managedTeams: new Set([teamId]) };
    given(tracker, history).when(sent(command, { actor: admin }), ctx(now)).thenRefuses('Access denied');
  });

  it.each(commands)('refuses %s on a tracker in another company', (_name, history, command, now) => {
    given(tracker, history)
      .when(sent(command, { actor: { ...me, companyId: otherCompany } }), ctx(now))
      .thenRefuses('Access denied');
  });

  it.each(commands.filter(([, history]) => history.length > 0))('refuses %s naming a tracker other than the stream’s', (_name, history, command, now) => {
    const elsewhere = { companyId: otherCompany, actor: { ...me, companyId: otherCompany } };
    given(tracker, history).when(sent(command, elsewhere), ctx(now)).thenRefuses('Access denied');
  });

  it('ends a session for lack of heartbeats only for the server’s own sweep', () => {
    const silent = at(t0, minutes(30));
    expect(given(tracker, running(t0)).when(abandonTimer(), ctx(silent)).events()).toHaveLength(1);
    const asMember = { ...abandonTimer(), authority: me } as unknown as TrackerCommand;
    given(tracker, running(t0)).when(asMember, ctx(silent)).thenRefuses('Access denied');
  });
});

describe('tracker: abandoned sessions', () => {
  const beats = (...offsets: number[]): Heartbeat[] => offsets.map((offset) => ({ at: at(t0, offset).toISOString(), idleMinutes: 1 }));

  it('does nothing while heartbeats are recent', () => {
    given(tracker, running(t0)).when(abandonTimer(beats(minutes(1), minutes(10))), ctx(at(t0, minutes(15) - 1))).then([]);
    given(tracker, running(t0)).when(abandonTimer([]), ctx(at(t0, minutes(4)))).then([]);
  });

  it('ends the session at the last heartbeat plus 30 seconds after 5 minutes of silence', () => {
    const lastBeat = at(t0, minutes(10));
    const endedAt = at(lastBeat, seconds(30));
    // Heartbeats arrive in any order; the latest counts.
    given(tracker, running(t0))
      .when(abandonTimer(beats(minutes(10), minutes(1), minutes(5))), ctx(at(t0, minutes(15))))
      .then([
        {
          type: 'TimerAbandoned',
          data: {
            companyId,
            userId,
            sessionId,
            source: 'web',
            timeZone: 'Asia/Kolkata',
            ...taskA,
            startedAt: t0.toISOString(),
            endedAt: endedAt.toISOString(),
            lastHeartbeatAt: lastBeat.toISOString(),
            entries: [{ day: '2026-03-10', start: instant(t0), end: instant(endedAt), seconds: 630, idleMinutes: 3, splitIndex: 0, totalSplits: 1 }],
          },
        },
      ]);
  });

  it('ends at the same time however late the check runs', () => {
    const [event] = given(tracker, running(t0)).when(abandonTimer(beats(minutes(10))), ctx(at(t0, minutes(60 * 30)))).events();
    if (event.type !== 'TimerAbandoned') throw new Error(event.type);
    expect(event.data.endedAt).toBe(at(t0, minutes(10) + seconds(30)).toISOString());
  });

  it('splits an abandoned session over local midnight', () => {
    const startedAt = new Date('2026-03-10T18:00:00.000Z'); // 23:30 IST
    const lastBeat = new Date('2026-03-10T19:00:00.000Z'); // 00:30 IST
    const [event] = given(tracker, running(startedAt))
      .when(abandonTimer([{ at: lastBeat.toISOString(), idleMinutes: 2 }]), ctx(at(lastBeat, minutes(20))))
      .events();
    if (event.type !== 'TimerAbandoned') throw new Error(event.type);
    expect(event.data.entries.map((e) => [e.day, e.seconds, e.idleMinutes, e.splitIndex, e.totalSplits])).toEqual([
      ['2026-03-10', 1800, 0, 0, 2],
      ['2026-03-11', 1830, 2, 1, 2],
    ]);
  });

  it('saves no entries for a session under a minute', () => {
    const [silent] = given(tracker, running(t0)).when(abandonTimer([]), ctx(at(t0, minutes(5)))).events();
    expect(silent).toMatchObject({ type: 'TimerAbandoned', data: { endedAt: at(t0, seconds(30)).toISOString(), lastHeartbeatAt: t0.toISOString(), entries: [] } });
    const [short] = given(tracker, running(t0)).when(abandonTimer(beats(seconds(20))), ctx(at(t0, minutes(10)))).events();
    expect(short).toMatchObject({ type: 'TimerAbandoned', data: { endedAt: at(t0, seconds(50)).toISOString(), entries: [] } });
  });

  it('saves a session that reaches exactly a minute', () => {
    const [event] = given(tracker, running(t0)).when(abandonTimer(beats(seconds(30))), ctx(at(t0, minutes(10)))).events();
    if (event.type !== 'TimerAbandoned') throw new Error(event.type);
    expect(event.data.entries.map((e) => e.seconds)).toEqual([60]);
  });

  it('ignores another session id or no session at all', () => {
    given(tracker, running(t0)).when(abandonTimer(beats(minutes(1)), 'session-other'), ctx(at(t0, minutes(30)))).then([]);
    given(tracker, [punchedIn()]).when(abandonTimer([]), ctx(at(t0, minutes(30)))).then([]);
  });

  it('frees the tracker for a new start and a punch out', () => {
    const abandoned = given(tracker, running(t0)).when(abandonTimer(beats(minutes(10))), ctx(at(t0, minutes(20)))).events();
    const history = [...running(t0), ...abandoned];
    expect(fold(tracker, history).running).toBeNull();
    expect(given(tracker, history).when(punchOut(), ctx(at(t0, minutes(21)))).events()[0].type).toBe('PunchedOut');
  });
});

// ---------------------------------------------------------------------------
// Property: random command sequences keep the tracker's invariants.

const ZONES = ['Asia/Kolkata', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Kiritimati'] as const;
const TASKS = [taskA, taskB];

type SessionRef = 'current' | 'wrong' | 'none';
type BeatSpec = { frac: number; idle: number };
type Step =
  | { kind: 'PunchIn' }
  | { kind: 'PunchOut' }
  | { kind: 'StartTimer'; source: TimerSource; task: 0 | 1 }
  | { kind: 'StopTimer'; ref: SessionRef; beats: BeatSpec[] }
  | { kind: 'CancelTimer' }
  | { kind: 'AbandonTimer'; ref: Exclude<SessionRef, 'none'>; beats: BeatSpec[] };

const beatSpecs = fc.array(fc.record({ frac: fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000), idle: fc.integer({ min: 0, max: 90 }) }), { maxLength: 6 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.constant<Step>({ kind: 'PunchIn' }), weight: 3 },
  { arbitrary: fc.constant<Step>({ kind: 'PunchOut' }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('StartTimer' as const), source: fc.constantFrom<TimerSource>('web', 'desktop'), task: fc.constantFrom<0 | 1>(0, 1) }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('StopTimer' as const), ref: fc.constantFrom<SessionRef>('current', 'current', 'wrong', 'none'), beats: beatSpecs }), weight: 4 },
  { arbitrary: fc.constant<Step>({ kind: 'CancelTimer' }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('AbandonTimer' as const), ref: fc.constantFrom<'current' | 'wrong'>('current', 'current', 'wrong'), beats: beatSpecs }), weight: 3 },
);
/** From 1 s to 2 days: short steps (short sessions, recent heartbeats) as well as long ones (splits). */
const advanceArb = fc.oneof(fc.integer({ min: 1000, max: 10 * 60_000 }), fc.integer({ min: 1000, max: 2 * 24 * 3600 * 1000 }));
const scenarioArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  start: fc.integer({ min: Date.parse('2020-01-01T00:00:00Z'), max: Date.parse('2030-12-31T00:00:00Z') }),
  steps: fc.array(fc.record({ step: stepArb, advanceMs: advanceArb }), { minLength: 5, maxLength: 40 }),
});

/** Heartbeats spread over the running session, up to `now`. */
function heartbeatsFor(state: TrackerState, now: number, specs: BeatSpec[]): Heartbeat[] {
  const startedAt = state.running ? Date.parse(state.running.startedAt) : now;
  const span = Math.max(0, now - startedAt);
  return specs.map(({ frac, idle }) => ({ at: new Date(startedAt + Math.floor(frac * span)).toISOString(), idleMinutes: idle }));
}

function toCommand(step: Step, index: number, state: TrackerState, now: number, zone: string): TrackerCommand {
  const current = state.running?.sessionId;
  switch (step.kind) {
    case 'PunchIn':
      return { type: 'PunchIn', ...mine, timeZone: zone };
    case 'PunchOut':
      return { type: 'PunchOut', ...mine, timeZone: zone };
    case 'StartTimer':
      return { type: 'StartTimer', ...mine, sessionId: `session-${index}`, source: step.source, timeZone: zone, ...TASKS[step.task] };
    case 'StopTimer':
      return {
        type: 'StopTimer',
        ...mine,
        sessionId: step.ref === 'current' ? current : step.ref === 'wrong' ? 'session-wrong' : undefined,
        heartbeats: heartbeatsFor(state, now, step.beats),
      };
    case 'CancelTimer':
      return cancelTimer();
    case 'AbandonTimer':
      return abandonTimer(heartbeatsFor(state, now, step.beats), step.ref === 'current' && current ? current : 'session-wrong');
  }
}

describe('tracker: invariants over random command sequences (property)', () => {
  it('runs one session at a time, saves entries that add up, and alternates punches', () => {
    fc.assert(
      fc.property(scenarioArb, ({ zone, start, steps }) => {
        const history: TrackerEvent[] = [];
        let now = start;
        steps.forEach(({ step, advanceMs }, index) => {
          now += advanceMs;
          const state = fold(tracker, history);
          const command = toCommand(step, index, state, now, zone);
          let produced: TrackerEvent[] = [];
          try {
            produced = tracker.decide(command, state, ctx(new Date(now)));
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
          }
          // What must be accepted is accepted.
          const { isPunchedIn } = punchStatus(state, new Date(now));
          if (command.type === 'PunchIn' && !isPunchedIn) expect(produced.map((e) => e.type)).toEqual(['PunchedIn']);
          if (command.type === 'PunchOut' && isPunchedIn && !state.running) expect(produced.map((e) => e.type)).toEqual(['PunchedOut']);
          if (command.type === 'StopTimer' && state.running && command.sessionId !== 'session-wrong' && now - Date.parse(state.running.startedAt) >= 60_000) {
            expect(produced.map((e) => e.type)).toEqual(['TimerStopped']);
          }
          if (command.type === 'StartTimer' && isPunchedIn && !state.running) expect(produced.map((e) => e.type)).toEqual(['TimerStarted']);
          for (const event of produced) {
            if ('at' in event.data) expect(event.data.at).toBe(new Date(now).toISOString());
          }
          history.push(...produced);
        });

        let runningSession: { sessionId: string; startedAt: string } | null = null;
        /** Punched in at an instant, by the events before it. */
        const punchedInAt = (before: number, iso: string) => punchStatus(fold(tracker, history.slice(0, before)), new Date(iso)).isPunchedIn;
        history.forEach((event, index) => {
          switch (event.type) {
            case 'TimerStarted':
              expect(runningSession).toBeNull();
              expect(punchedInAt(index, event.data.startedAt)).toBe(true);
              expect(event.data.timeZone).toBe(zone);
              runningSession = { sessionId: event.data.sessionId, startedAt: event.data.startedAt };
              break;
            case 'TimerCancelled':
              expect(runningSession?.sessionId).toBe(event.data.sessionId);
              runningSession = null;
              break;
            case 'TimerStopped':
            case 'TimerAbandoned': {
              expect(runningSession?.sessionId).toBe(event.data.sessionId);
              expect(event.data.startedAt).toBe(runningSession?.startedAt);
              const end = event.type === 'TimerStopped' ? event.data.stoppedAt : event.data.endedAt;
              const duration = (Date.parse(end) - Date.parse(event.data.startedAt)) / 1000;
              const { entries } = event.data;
              if (event.type === 'TimerStopped') expect(duration).toBeGreaterThanOrEqual(60);
              if (event.type === 'TimerAbandoned') {
                expect(Date.parse(event.data.endedAt)).toBe(Date.parse(event.data.lastHeartbeatAt) + 30_000);
                if (duration < 60) expect(entries).toEqual([]);
              }
              if (entries.length > 0 || duration >= 60) {
                const sum = entries.reduce((total, entry) => total + entry.seconds, 0);
                expect(Math.abs(sum - duration)).toBeLessThanOrEqual(1e-6);
                expect(Date.parse(entries[0].start)).toBe(Date.parse(event.data.startedAt));
                expect(Date.parse(entries[entries.length - 1].end)).toBe(Date.parse(end));
              }
              entries.forEach((entry, i) => {
                expect(entry.seconds).toBeGreaterThan(0);
                expect(entry.idleMinutes).toBeGreaterThanOrEqual(0);
                expect(entry.idleMinutes).toBeLessThanOrEqual(Math.ceil(entry.seconds / 60));
                expect(entry.splitIndex).toBe(i);
                expect(entry.totalSplits).toBe(entries.length);
                expect(entry.day).toBe(localDay(entry.start, zone));
                if (i > 0) {
                  expect(Date.parse(entry.start)).toBe(Date.parse(entries[i - 1].end));
                  expect(entry.day > entries[i - 1].day).toBe(true);
                }
              });
              runningSession = null;
              break;
            }
            case 'PunchedIn':
              expect(punchedInAt(index, event.data.at)).toBe(false);
              expect(event.data.day).toBe(localDay(event.data.at, zone));
              break;
            case 'PunchedOut':
              expect(punchedInAt(index, event.data.at)).toBe(true);
              expect(runningSession).toBeNull();
              expect(event.data.day).toBe(localDay(event.data.at, zone));
              break;
          }
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('tracker: the sessions the desktop agent may still send data for', () => {
  const stoppedAfter = (startedAt: Date, length: number, id: string) => {
    const history = [...running(startedAt, { sessionId: id, source: 'desktop' })];
    return [...history, ...given(tracker, history).when(stopTimer([], id), ctx(at(startedAt, length))).events()].slice(1) as TrackerEvent[];
  };

  it('keeps a session that stopped or was abandoned, with its end, and not a cancelled one', () => {
    const first = stoppedAfter(t0, minutes(30), 'session-a');
    const abandonedAt = at(t0, minutes(120));
    const second = [timerStarted(at(t0, minutes(60)), { sessionId: 'session-b' }), ...given(tracker, [...first, timerStarted(at(t0, minutes(60)), { sessionId: 'session-b' })]).when(abandonTimer([], 'session-b'), ctx(abandonedAt)).events()];
    const third = [timerStarted(at(t0, minutes(200)), { sessionId: 'session-c' }), { type: 'TimerCancelled', data: { companyId, userId, sessionId: 'session-c', cancelledAt: at(t0, minutes(210)).toISOString() } } as TrackerEvent];
    const state = fold(tracker, [punchedIn(at(t0, -minutes(30))), ...first, ...second, ...third]);
    expect(state.ended.map((session) => [session.sessionId, session.startedAt])).toEqual([
      ['session-a', t0.toISOString()],
      ['session-b', at(t0, minutes(60)).toISOString()],
    ]);
    expect(state.ended[0].endedAt).toBe(at(t0, minutes(30)).toISOString());
  });

  it('finds the session a moment lies in: the running one up to now, an ended one up to its end, for a day after it ended', () => {
    const ended = [{ sessionId: 'a', source: 'desktop' as const, timeZone: 'Asia/Kolkata', startedAt: t0.toISOString(), endedAt: at(t0, minutes(30)).toISOString(), ...taskA }];
    const runningNow = { ...ended[0], sessionId: 'b', startedAt: at(t0, minutes(60)).toISOString() };
    const now = at(t0, minutes(90));
    const moment = (ms: number) => at(t0, ms).getTime();
    const sessionAt = (ms: number, when = now, state = { running: runningNow, ended }) => agentSession(state, moment(ms), moment(ms), when)?.sessionId ?? null;
    expect([sessionAt(minutes(10)), sessionAt(minutes(30) + seconds(5)), sessionAt(minutes(30) + seconds(6)), sessionAt(minutes(70)), sessionAt(minutes(90) + seconds(6))]).toEqual(['a', 'a', null, 'b', null]);
    expect(sessionAt(minutes(10), at(t0, minutes(30) + AGENT_LATE_MS))).toBe('a');
    expect(sessionAt(minutes(10), at(t0, minutes(30) + AGENT_LATE_MS + 1))).toBeNull();
  });
});
