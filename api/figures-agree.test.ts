import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { rateCents as centsOf } from '../domain/accounting/money.ts';
import { rangeDays } from '../domain/dashboards/range.ts';
import { timelogEntries } from '../domain/time-tracking/tracker.ts';
import type { NewEvent } from '../eventstore/types.ts';
import { projections } from '../projections/index.ts';
import { ProjectionRunner } from '../projections/runner.ts';
import { compareSurfaces } from '../tests/support/figures.ts';
import { useTestDatabase } from '../tests/support/test-database.ts';

/**
 * The one truth of figures, tested across every surface: random histories of
 * people in zones far apart (over daylight-saving switches) — sessions with
 * idle beats, overlapping and replayed application usage, approved manual
 * time, rate changes at any moment, punches — are written to the log and
 * built into the real read models; then every page's query and both
 * spreadsheets must show the same minutes and cents for each person-day and
 * for the range, agree with an independent reckoning of tracked time and
 * money, and show parts that add up.
 */

const ZONES = ['Asia/Kolkata', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Kiritimati', 'Pacific/Apia'];
/** Days around the United States' switch to summer time, and around Lord Howe's half-hour switch back. */
const WINDOWS = [
  { from: '2026-03-06', to: '2026-03-11' },
  { from: '2026-04-02', to: '2026-04-07' },
];
const APPS = ['YouTube', 'Slack', 'Notepad'];
const HOUR = 3_600_000;

interface Session {
  teamIndex: number;
  start: number;
  end: number;
  manual: boolean;
  beats: { at: number; idleMinutes: number }[];
  usage: { start: number; samples: { application: string; seconds: number; idle: boolean }[]; replayed: boolean }[];
}

interface Person {
  zone: string;
  teams: 1 | 2;
  rates: { at: number; dollars: number | null }[];
  sessions: Session[];
}

/** One person's history inside [start, end): sessions one after another, sometimes approved manual time instead of a timer. */
const personHistory = (start: number, end: number) =>
  fc
    .record({
      zone: fc.constantFrom(...ZONES),
      teams: fc.constantFrom(1 as const, 2 as const),
      firstRate: fc.constantFrom(null, 12.5, 60, 99.99),
      rateChanges: fc.array(fc.record({ offset: fc.integer({ min: 0, max: end - start }), dollars: fc.constantFrom(null, 7.25, 60, 123.45) }), { maxLength: 2 }),
      sessions: fc.array(
        fc.record({
          gap: fc.integer({ min: 0, max: 12 * HOUR }),
          length: fc.oneof(fc.integer({ min: 60_000, max: 5 * 60_000 }), fc.integer({ min: 60_000, max: 16 * HOUR })),
          teamIndex: fc.integer({ min: 0, max: 1 }),
          manual: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
          beats: fc.array(fc.record({ share: fc.double({ min: 0, max: 1, noNaN: true }), idleMinutes: fc.integer({ min: 1, max: 2 }) }), { maxLength: 6 }),
          usage: fc.array(
            fc.record({
              share: fc.double({ min: 0, max: 1, noNaN: true }),
              samples: fc.array(fc.record({ application: fc.constantFrom(...APPS), seconds: fc.integer({ min: 1, max: 20 }), idle: fc.boolean() }), { minLength: 1, maxLength: 3 }),
              replayed: fc.boolean(),
            }),
            { maxLength: 3 },
          ),
        }),
        { minLength: 1, maxLength: 7 },
      ),
    })
    .map(({ zone, teams, firstRate, rateChanges, sessions }): Person => {
      let cursor = start;
      const placed: Session[] = [];
      for (const s of sessions) {
        const from = cursor + s.gap + (s.gap % 997);
        const to = from + s.length + (s.length % 1_000);
        if (to > end) break;
        cursor = to;
        const within = (share: number) => from + Math.floor(share * (to - from));
        placed.push({
          teamIndex: teams === 1 ? 0 : s.teamIndex,
          start: from,
          end: to,
          manual: s.manual,
          beats: s.manual ? [] : s.beats.map((beat) => ({ at: within(beat.share), idleMinutes: beat.idleMinutes })),
          // Usage lies within its session: a batch starts early enough to end by the session's end.
          usage: s.manual
            ? []
            : s.usage.map((batch) => {
                const seconds = batch.samples.reduce((sum, sample) => sum + sample.seconds, 0);
                return { ...batch, start: Math.min(within(batch.share), to - seconds * 1000) };
              }).filter((batch) => batch.start >= from),
        });
      }
      const rates = [{ at: start - 86_400_000, dollars: firstRate }, ...rateChanges.map((change) => ({ at: start + change.offset, dollars: change.dollars }))];
      return { zone, teams, rates, sessions: placed };
    });

/** The local days a span of time falls on in a zone, with how much of it each holds: worked out here from Temporal alone. */
function byLocalDay(start: number, end: number, zone: string): Map<string, { start: number; end: number }> {
  const parts = new Map<string, { start: number; end: number }>();
  let day = Temporal.Instant.fromEpochMilliseconds(start).toZonedDateTimeISO(zone).toPlainDate();
  for (;;) {
    const dayStart = day.toZonedDateTime({ timeZone: zone }).toInstant().epochMilliseconds;
    const next = day.add({ days: 1 }).toZonedDateTime({ timeZone: zone }).toInstant().epochMilliseconds;
    const from = Math.max(start, dayStart);
    const to = Math.min(end, next);
    if (to > from) parts.set(day.toString(), { start: from, end: to });
    if (next >= end) return parts;
    day = day.add({ days: 1 });
  }
}

/** The dollars an hour in force at a moment (rates oldest first). */
const rateAt = (rates: Person['rates'], at: number) => rates.filter((rate) => rate.at <= at).sort((a, b) => a.at - b.at).at(-1)?.dollars ?? null;

/**
 * The independent reckoning: per person and local day, the tracked minutes
 * (each team's exact time truncated) and the cents (each rate's exact price
 * rounded once, half up).
 */
function reckoning(person: Person): Map<string, { minutes: number; cents: number }> {
  const byTeam = new Map<string, number>();
  const byRate = new Map<string, { cents: number; ms: number }>();
  const cuts = [...new Set(person.rates.map((rate) => rate.at))].sort((a, b) => a - b);
  for (const session of person.sessions) {
    for (const [day, part] of byLocalDay(session.start, session.end, person.zone)) {
      byTeam.set(`${day}|${session.teamIndex}`, (byTeam.get(`${day}|${session.teamIndex}`) ?? 0) + part.end - part.start);
      const bounds = [part.start, ...cuts.filter((cut) => cut > part.start && cut < part.end), part.end];
      for (let i = 0; i < bounds.length - 1; i++) {
        const dollars = rateAt(person.rates, bounds[i]);
        if (!dollars) continue;
        const key = `${day}|${centsOf(dollars)}`;
        const sum = byRate.get(key) ?? { cents: centsOf(dollars), ms: 0 };
        sum.ms += bounds[i + 1] - bounds[i];
        byRate.set(key, sum);
      }
    }
  }
  const days = new Map<string, { minutes: number; cents: number }>();
  const dayOf = (key: string) => days.get(key.split('|')[0]) ?? { minutes: 0, cents: 0 };
  for (const [key, ms] of byTeam) days.set(key.split('|')[0], { ...dayOf(key), minutes: dayOf(key).minutes + Math.floor(ms / 60_000) });
  for (const [key, { cents, ms }] of byRate) {
    const price = BigInt(ms) * BigInt(cents);
    days.set(key.split('|')[0], { ...dayOf(key), cents: dayOf(key).cents + Number((price + 1_800_000n) / 3_600_000n) });
  }
  return days;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The events of a company's history, in the order they happened. */
function historyEvents(companyId: string, people: { userId: string; name: string; teamIds: string[]; history: Person }[], projectId: string) {
  const events: { at: number; event: Omit<NewEvent, 'eventId' | 'metadata'> }[] = [];
  const add = (at: number, type: string, data: unknown) => events.push({ at, event: { type, data } });
  for (const { userId, name, teamIds, history } of people) {
    const ref = { companyId, userId };
    for (const rate of history.rates) add(rate.at, 'MemberDetailsEdited', { ...ref, name, hourlyRate: rate.dollars, editedAt: iso(rate.at) });
    for (const session of history.sessions) {
      const sessionId = randomUUID();
      const task = { teamId: teamIds[session.teamIndex], projectId, projectName: 'Apollo', taskId: 'AP-1', taskName: 'Landing page', taskDetails: '' };
      const running = { ...ref, ...task, sessionId, source: 'desktop' as const, timeZone: history.zone, startedAt: iso(session.start) };
      const entries = timelogEntries(running, iso(session.end), session.beats.map((beat) => ({ at: iso(beat.at), idleMinutes: beat.idleMinutes })));
      if (session.manual) {
        // Approved a day after the window: rates of then are known, the time priced at the rate of when it was worked.
        const { sessionId: requestId, source: _source, startedAt: _started, ...logged } = running;
        add(session.end + 30 * 86_400_000, 'RegularizationApproved', { ...logged, requestId, by: { userId: randomUUID(), name: 'Max Manager' }, comment: '', entries });
        continue;
      }
      const punch = (at: number) => ({ ...ref, at: iso(at), timeZone: history.zone, day: Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(history.zone).toPlainDate().toString() });
      add(session.start, 'PunchedIn', punch(session.start));
      add(session.start, 'TimerStarted', running);
      for (const beat of session.beats) add(beat.at, 'TimerHeartbeat', { ...ref, sessionId, at: iso(beat.at), idleMinutes: beat.idleMinutes });
      for (const batch of session.usage) {
        let at = batch.start;
        const samples = batch.samples.map((sample) => {
          const taken = { application: sample.application, windowTitle: null, start: iso(at), seconds: sample.seconds, idle: sample.idle };
          at += sample.seconds * 1000;
          return taken;
        });
        const recorded = { ...ref, sessionId, teamId: task.teamId, projectId, timeZone: history.zone, samples };
        add(at, 'AppUsageRecorded', { ...recorded, batchId: randomUUID() });
        if (batch.replayed) add(at, 'AppUsageRecorded', { ...recorded, batchId: randomUUID() });
      }
      add(session.end, 'TimerStopped', { ...running, stoppedAt: iso(session.end), entries });
      add(session.end, 'PunchedOut', punch(session.end));
    }
  }
  return events.sort((a, b) => a.at - b.at).map(({ event }) => ({ ...event, eventId: randomUUID(), metadata: { correlationId: 'figures' } }));
}

describe('every figure of time and money, on every surface', () => {
  const database = useTestDatabase();
  const runs = Number(process.env.FIGURES_RUNS ?? 120);
  let checkedDays = 0;

  it('agrees per person-day and per range, adds up, and matches an independent reckoning', { timeout: 600_000 }, async () => {
    const { db, store } = database;
    // The read models the figures come from (the people and teams are written straight into theirs).
    const figureModels = projections.filter((projection) => ['timelog', 'time-tracking', 'attendance', 'app-usage'].includes(projection.name));
    const runner = new ProjectionRunner(db, store, figureModels, { error: (object: unknown, message: string) => console.error(message, object) });
    const history = fc.constantFrom(...WINDOWS).chain((window) => {
      const start = Temporal.PlainDate.from(window.from).toZonedDateTime({ timeZone: 'UTC' }).epochMilliseconds;
      const end = Temporal.PlainDate.from(window.to).toZonedDateTime({ timeZone: 'UTC' }).epochMilliseconds;
      return fc.record({ window: fc.constant(window), people: fc.array(personHistory(start, end), { minLength: 2, maxLength: 6 }) });
    });

    await fc.assert(
      fc.asyncProperty(history, async ({ window, people: histories }) => {
        const companyId = randomUUID();
        const teamIds = [randomUUID(), randomUUID()];
        const people = histories.map((history, i) => ({ userId: randomUUID(), name: `Person ${i}`, email: `p${i}-${companyId}@figures.test`, teamIds, history }));
        const joined = new Date('2026-01-01T00:00:00Z');
        await db.insertInto('teams').values(teamIds.map((team_id, i) => ({ team_id, company_id: companyId, name: `Team ${i}`, deleted: false, created_at: joined }))).execute();
        await db
          .insertInto('company_members')
          .values(people.map((p) => ({ company_id: companyId, user_id: p.userId, name: p.name, email: p.email, is_admin: false, access_level: 'Member', hourly_rate: null, deleted: false, deleted_at: null, joined_at: joined })))
          .execute();
        await db.insertInto('team_members').values(people.flatMap((p) => teamIds.map((team_id) => ({ team_id, user_id: p.userId, company_id: companyId, role: 'Member' })))).execute();
        await store.append(`figures-${companyId}`, historyEvents(companyId, people, randomUUID()), 'no_stream');
        await runner.catchUp();

        // The days the pages look at: the window, and those its sessions spill onto in far-east zones.
        const range = { from: Temporal.PlainDate.from(window.from).subtract({ days: 1 }).toString(), to: Temporal.PlainDate.from(window.to).add({ days: 1 }).toString() };
        const compared = await compareSurfaces(db, { companyId, timeZone: 'UTC' }, people, range, new Date('2026-06-01T00:00:00Z'));
        expect(compared.disagreements).toEqual([]);
        checkedDays += compared.checkedDays;
        for (const person of people) {
          const expected = reckoning(person.history);
          const shown = compared.days.get(person.userId)!.map((day) => [day.day, day.trackedMinutes, day.earningsCents]);
          expect(shown, person.history.zone).toEqual(rangeDays(range).map((day) => [day, expected.get(day)?.minutes ?? 0, expected.get(day)?.cents ?? 0]));
        }
      }),
      { numRuns: runs },
    );
    // Thousands of person-days over the runs.
    expect(checkedDays).toBeGreaterThan(runs * 5);
  });
});
