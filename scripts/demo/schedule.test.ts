import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { splitByLocalDay } from '../../domain/time-tracking/local-days.ts';
import { stepEnd, stepStart, TODAY_STATES, todaySteps, type WorkHabits, type WorkStep, workSchedule } from './schedule.ts';

const habits = (zone: string, more: Partial<WorkHabits> = {}): WorkHabits => ({
  zone,
  dayStart: 9 * 60 + 30,
  dayMinutes: 480,
  desktop: true,
  idleShare: 0.1,
  eveningChance: 0.15,
  nightOwl: false,
  tasks: 3,
  ...more,
});

const until = Date.parse('2026-11-24T12:00:00Z');
const from = Temporal.PlainDate.from('2026-08-26');
const sessions = (steps: WorkStep[]) => steps.filter((step) => step.kind === 'session');

describe('a demo person’s days', () => {
  const people = [
    habits('Asia/Kolkata'),
    habits('Europe/Berlin', { nightOwl: true, eveningChance: 0.3 }),
    habits('America/New_York', { desktop: false, idleShare: 0, dayStart: 8 * 60 + 45 }),
  ];

  it('go forward, punch in before each session and out after, and end by now', () => {
    for (const [seed, person] of people.entries()) {
      const steps = workSchedule(person, { from, until, seed });
      expect(steps.length).toBeGreaterThan(200);
      let punchedIn = false;
      for (const [index, step] of steps.entries()) {
        if (index > 0) expect(stepStart(step)).toBeGreaterThan(stepEnd(steps[index - 1]));
        expect(stepEnd(step)).toBeLessThanOrEqual(until);
        if (step.kind === 'session') {
          expect(punchedIn).toBe(true);
          expect(step.end - step.start).toBeGreaterThanOrEqual(19 * 60_000);
          expect(step.task).toBeLessThan(person.tasks);
        } else {
          expect(punchedIn).toBe(step.kind === 'punch-out');
          punchedIn = step.kind === 'punch-in';
        }
      }
    }
  });

  it('has idle heartbeats of at most 2 minutes inside desktop sessions only', () => {
    const desktop = sessions(workSchedule(people[0], { from, until, seed: 1 }));
    expect(desktop.filter((s) => s.idle.length > 0).length).toBeGreaterThan(desktop.length / 2);
    for (const session of desktop) {
      for (const beat of session.idle) {
        expect(beat.minutes).toBeGreaterThan(0);
        expect(beat.minutes).toBeLessThanOrEqual(2);
        expect(beat.at).toBeGreaterThan(session.start);
        expect(beat.at).toBeLessThan(session.end);
      }
    }
    expect(sessions(workSchedule(people[2], { from, until, seed: 2 })).every((s) => s.idle.length === 0)).toBe(true);
  });

  it('works weekdays in local hours, with a night owl over midnight every release Wednesday', () => {
    const steps = workSchedule(people[1], { from, until, seed: 3 });
    const local = (at: number) => Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO('Europe/Berlin');
    const overMidnight = sessions(steps).filter((s) => splitByLocalDay(new Date(s.start).toISOString(), new Date(s.end).toISOString(), 'Europe/Berlin').length > 1);
    expect(overMidnight.filter((s) => local(s.start).dayOfWeek === 3).length).toBe(13);
    const dayStarts = steps.filter((step) => step.kind === 'punch-in').map((step) => local(stepStart(step)).hour);
    expect(dayStarts.filter((hour) => hour >= 8 && hour <= 10).length).toBeGreaterThan(55);
    const weekdays = new Set(sessions(steps).map((s) => local(s.start)).filter((t) => t.dayOfWeek <= 5).map((t) => t.toPlainDate().toString()));
    expect(weekdays.size).toBeGreaterThan(55);
  });

  it('leaves days of leave free, with no night running into them', () => {
    const owl = people[1];
    const local = (at: number) => Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(owl.zone).toPlainDate().toString();
    const worked = (steps: WorkStep[]) => new Set(steps.flatMap((step) => [local(stepStart(step)), local(stepEnd(step))]));
    // Thursdays after a release night, and a Monday.
    const leave = new Set(['2026-09-03', '2026-10-08', '2026-11-16']);
    expect([...leave].filter((day) => worked(workSchedule(owl, { from, until, seed: 4 })).has(day))).toEqual([...leave]);
    const steps = workSchedule(owl, { from, until, seed: 4, leave });
    expect([...leave].filter((day) => worked(steps).has(day))).toEqual([]);
    expect(worked(steps).has('2026-09-02')).toBe(true);
  });

  it('is the same for the same seed, and leaves out what has not ended by now', () => {
    expect(workSchedule(people[0], { from, until, seed: 7 })).toEqual(workSchedule(people[0], { from, until, seed: 7 }));
    const endOfDay = Date.parse('2026-11-24T18:00:00Z');
    const whole = workSchedule(people[0], { from: Temporal.PlainDate.from('2026-11-16'), until: endOfDay, seed: 7 });
    for (const now of [Date.parse('2026-11-24T05:00:00Z'), Date.parse('2026-11-24T08:00:00Z'), Date.parse('2026-11-24T11:00:00Z')]) {
      const upToNow = workSchedule(people[0], { from: Temporal.PlainDate.from('2026-11-16'), until: now, seed: 7 });
      expect(upToNow).toEqual(whole.slice(0, upToNow.length));
      expect(stepEnd(whole[upToNow.length])).toBeGreaterThan(now);
    }
  });

  it('can stop the day before today, leaving today to todaySteps', () => {
    const through = Temporal.PlainDate.from('2026-11-23');
    const steps = workSchedule(people[0], { from, until, seed: 8, through });
    const local = (at: number) => Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO('Asia/Kolkata').toPlainDate().toString();
    expect(steps.filter((step) => local(stepStart(step)) === '2026-11-24')).toEqual([]);
    expect(steps.some((step) => local(stepStart(step)) === '2026-11-23')).toBe(true);
  });
});

describe('a demo person’s today', () => {
  const person = habits('Asia/Kolkata');
  const after = Date.parse('2026-11-23T13:00:00Z');
  const at = (state: (typeof TODAY_STATES)[number], now = until) => todaySteps(person, { state, after, now, seed: 5 });

  it('ends in the state asked for: a timer running, a break, a punch out; nothing on leave or absent', () => {
    const last = (steps: WorkStep[]) => steps.at(-1)?.kind;
    expect([last(at('working')), last(at('break')), last(at('out')), at('leave'), at('absent')]).toEqual(['running', 'session', 'punch-out', [], []]);
  });

  it('goes forward after the history, punched in before each session, and ends before now', () => {
    for (const state of ['working', 'break', 'out'] as const) {
      // In the afternoon, a quarter of an hour after midnight, and five minutes after it.
      for (const now of [until, Date.parse('2026-11-23T18:45:00Z'), Date.parse('2026-11-23T18:35:00Z')]) {
        const steps = at(state, now);
        expect(steps[0]).toMatchObject({ kind: 'punch-in' });
        expect(stepStart(steps[0])).toBeGreaterThan(after);
        for (const [index, step] of steps.entries()) {
          if (index > 0) expect(stepStart(step)).toBeGreaterThan(stepEnd(steps[index - 1]));
          expect(stepEnd(step)).toBeLessThan(now);
          if (step.kind === 'session') expect(step.end - step.start).toBeGreaterThanOrEqual(2 * 60_000);
        }
        expect(steps.filter((step) => step.kind === 'session').length).toBeGreaterThan(0);
      }
    }
  });

  it('runs the last session past midnight when the day began at the punch before it, as the tracker then carries the punch into today', () => {
    const midnight = Date.parse('2026-11-23T18:30:00Z');
    for (const now of [midnight + 5 * 60_000, midnight + 12 * 60_000, midnight + 30 * 60_000]) {
      const steps = at('working', now);
      const sessions = steps.filter((step) => step.kind === 'session');
      expect(stepStart(steps[0])).toBeLessThan(midnight);
      expect(sessions[0].start).toBeLessThan(midnight);
      expect(sessions.at(-1)!.end).toBeGreaterThan(midnight);
      expect(steps.at(-1)).toMatchObject({ kind: 'running' });
    }
    // Forty minutes after midnight, give or take seconds: never a punch just before midnight with its session after it.
    for (let now = midnight + 36 * 60_000; now <= midnight + 44 * 60_000; now += 10_000) {
      const steps = at('working', now);
      const sessions = steps.filter((step) => step.kind === 'session');
      if (stepStart(steps[0]) < midnight) expect(sessions[0].start).toBeLessThan(midnight);
      expect(steps.at(-1)).toMatchObject({ kind: 'running' });
    }
  });

  it('has no room right after the history: nothing', () => {
    expect(todaySteps(person, { state: 'working', after: until - 10 * 60_000, now: until, seed: 5 })).toEqual([]);
  });
});
