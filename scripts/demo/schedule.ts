import { Temporal } from 'temporal-polyfill';

/** How one person works: drawn once per person, then each day varies around it. */
export interface WorkHabits {
  zone: string;
  /** When a workday starts, in minutes after local midnight. */
  dayStart: number;
  /** Minutes tracked on a usual workday. */
  dayMinutes: number;
  /** Tracks with the desktop agent, whose heartbeats report idle time; the web reports none. */
  desktop: boolean;
  /** Share of tracked time idle (desktop only). */
  idleShare: number;
  /** Chance of a second stint in the evening after a workday. */
  eveningChance: number;
  /** Works into the night on release Wednesdays, and now and then on other days. */
  nightOwl: boolean;
  /** How many tasks the sessions are spread over (the first gets the most). */
  tasks: number;
}

/** An idle heartbeat of the desktop agent: the minutes idle since the beat before. */
export interface IdleBeat {
  at: number;
  minutes: number;
}

/** What the person does, in order; times are epoch milliseconds. A `running` session is the timer running now. */
export type WorkStep =
  | { kind: 'punch-in'; at: number }
  | { kind: 'punch-out'; at: number }
  | { kind: 'session'; start: number; end: number; task: number; idle: IdleBeat[] }
  | { kind: 'running'; start: number; task: number };

export const stepStart = (step: WorkStep) => (step.kind === 'punch-in' || step.kind === 'punch-out' ? step.at : step.start);
export const stepEnd = (step: WorkStep) => (step.kind === 'session' ? step.end : stepStart(step));

/** A small seeded generator (mulberry32): the same seed gives the same company. */
export function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MINUTE = 60_000;
const WEDNESDAY = 3;
const LUNCH = 13 * 60;

/**
 * One person's punches and sessions on each local day from `from` to the day
 * of `until`, and nothing that ends after `until`: workdays with a lunch break
 * and short breaks between sessions, a day off now and then, some evenings,
 * a few weekends, and for night owls sessions over midnight. Local times are
 * wall-clock times in the person's zone, so a DST change moves them with the
 * clock; steps never overlap and always go forward. Days of `leave`
 * (YYYY-MM-DD) are free of work, including a night running into them.
 */
export function workSchedule(
  habits: WorkHabits,
  {
    from,
    until,
    seed,
    leave = new Set(),
    through = Temporal.Instant.fromEpochMilliseconds(until).toZonedDateTimeISO(habits.zone).toPlainDate(),
  }: {
    from: Temporal.PlainDate;
    until: number;
    seed: number;
    leave?: ReadonlySet<string>;
    /** The last local day planned (default: the day of `until`). */
    through?: Temporal.PlainDate;
  },
): WorkStep[] {
  const random = randomFrom(seed);
  const between = (low: number, high: number) => low + random() * (high - low);
  const minutes = (low: number, high: number) => Math.round(between(low, high));
  const lastDay = through;
  const steps: WorkStep[] = [];

  for (let date = from; Temporal.PlainDate.compare(date, lastDay) <= 0; date = date.add({ days: 1 })) {
    const at = (minute: number) =>
      date.toPlainDateTime({ hour: 0 }).add({ minutes: minute }).toZonedDateTime(habits.zone).epochMilliseconds + Math.floor(random() * 60) * 1000;
    const task = () => (random() < 0.5 ? 0 : Math.floor(random() * habits.tasks));
    const session = (start: number, end: number): WorkStep => {
      const step = { start: at(start), end: at(end), task: task() };
      return { kind: 'session', ...step, idle: habits.desktop ? idleBeats(step, habits.idleShare * between(0.3, 1.7), random) : [] };
    };
    const stint = (start: number, length: number) => {
      steps.push({ kind: 'punch-in', at: at(start) });
      steps.push(session(start + minutes(1, 4), start + length));
      steps.push({ kind: 'punch-out', at: at(start + length + minutes(2, 6)) });
    };

    if (leave.has(date.toString())) continue;
    // A night's work runs past midnight: never into a day of leave.
    const nightAllowed = !leave.has(date.add({ days: 1 }).toString());
    const weekend = date.dayOfWeek >= 6;
    const releaseNight = habits.nightOwl && date.dayOfWeek === WEDNESDAY && nightAllowed;
    if (weekend) {
      if (random() < 0.06) stint(minutes(600, 720), minutes(60, 180));
      continue;
    }
    const dayOff = !releaseNight && random() < 0.06;
    let lastEnd = 0;
    if (!dayOff) {
      const punchIn = habits.dayStart + minutes(-15, 20);
      steps.push({ kind: 'punch-in', at: at(punchIn) });
      let t = punchIn + minutes(2, 8);
      let left = Math.round(habits.dayMinutes * between(0.85, 1.12));
      let lunched = false;
      const lunchAt = LUNCH + minutes(-30, 30);
      while (left >= 20) {
        let length = Math.min(left, minutes(50, 160));
        if (!lunched && t + length > lunchAt) length = Math.max(20, lunchAt - t);
        steps.push(session(t, t + length));
        left -= length;
        t += length;
        lastEnd = t;
        if (!lunched && t >= lunchAt - 5) {
          t += minutes(30, 60);
          lunched = true;
        } else t += minutes(5, 20);
      }
      steps.push({ kind: 'punch-out', at: at(lastEnd + minutes(3, 10)) });
    }
    if (releaseNight || (nightAllowed && habits.nightOwl && random() < 0.04)) stint(Math.max(minutes(22 * 60, 22 * 60 + 40), lastEnd + 30), minutes(150, 210));
    else if (!dayOff && lastEnd < 19 * 60 && random() < habits.eveningChance) stint(minutes(20 * 60, 21 * 60), minutes(30, 110));
  }

  return untilNow(steps, until);
}

/** Where someone is today, now: each of these is somebody's in the demo. */
export const TODAY_STATES = ['working', 'break', 'out', 'leave', 'absent'] as const;
export type TodayState = (typeof TODAY_STATES)[number];

/**
 * Today's steps of someone who is `state` now (`now`, epoch ms), after the
 * end of their history (`after`): at work since their usual start, or since
 * a while before now when that is later, in sessions; then, a short while
 * before now, their timer started and running (working), their last session
 * ended (on a break, still punched in), or their punch out (out). Nothing
 * for leave and absence, nor when there is no room before now.
 */
export function todaySteps(habits: WorkHabits, { state, after, now, seed }: { state: TodayState; after: number; now: number; seed: number }): WorkStep[] {
  if (state === 'leave' || state === 'absent') return [];
  const random = randomFrom(seed);
  const minutes = (low: number, high: number) => Math.round(low + random() * (high - low)) * MINUTE;
  const task = () => (random() < 0.5 ? 0 : Math.floor(random() * habits.tasks));
  const today = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(habits.zone).toPlainDate();
  const usualStart = today.toPlainDateTime({ hour: 0 }).add({ minutes: habits.dayStart }).toZonedDateTime(habits.zone).epochMilliseconds;
  const midnight = today.toZonedDateTime({ timeZone: habits.zone }).epochMilliseconds;
  let punchIn = Math.max(after + 5 * MINUTE, Math.min(usualStart, now - 40 * MINUTE));
  // Punched in a few minutes before midnight, the first session would begin after it, on a day that punch does not speak for.
  if (punchIn < midnight && punchIn + 5 * MINUTE > midnight) punchIn = midnight + MINUTE;
  if (now - punchIn < 8 * MINUTE) return [];
  // The last stretch before now: the running timer, the break, or the time since the punch out.
  const tail = Math.min(45 * MINUTE, Math.max(3 * MINUTE, (now - punchIn) / 4));
  // A punch before midnight speaks for today only through a session that runs past midnight.
  const workEnd = Math.max(now - tail, punchIn < midnight ? midnight + MINUTE : 0);
  if (now - workEnd < 2 * MINUTE) return [];
  const restStart = workEnd + (now - workEnd) / 2;
  const steps: WorkStep[] = [{ kind: 'punch-in', at: punchIn }];
  for (let start = punchIn + 2 * MINUTE; workEnd - start >= 2 * MINUTE; ) {
    const length = Math.min(minutes(50, 160), workEnd - start);
    // A short piece left over joins this session.
    const end = workEnd - (start + length) < 20 * MINUTE ? workEnd : start + length;
    const session = { start, end, task: task() };
    steps.push({ kind: 'session', ...session, idle: habits.desktop ? idleBeats(session, habits.idleShare, random) : [] });
    start = end + minutes(5, 20);
  }
  if (state === 'working') steps.push({ kind: 'running', start: restStart, task: task() });
  if (state === 'out') steps.push({ kind: 'punch-out', at: restStart });
  return steps;
}

/** Idle minutes as the agent reports them: at most 2 per beat, at moments inside the session. */
function idleBeats(session: { start: number; end: number }, share: number, random: () => number): IdleBeat[] {
  let idle = Math.round(((session.end - session.start) / MINUTE) * share);
  const span = session.end - session.start - 3 * MINUTE;
  const times = Array.from({ length: Math.ceil(idle / 2) }, () => session.start + 2 * MINUTE + Math.floor(random() * span)).sort((a, b) => a - b);
  return times.map((at) => {
    const minutes = Math.min(2, idle);
    idle -= minutes;
    return { at, minutes };
  });
}

/**
 * The steps that are over by `until`, and none after the first that is not:
 * someone at work right now stays punched in, with no timer running.
 */
function untilNow(steps: WorkStep[], until: number): WorkStep[] {
  const over = steps.findIndex((step) => stepEnd(step) > until);
  return over === -1 ? steps : steps.slice(0, over);
}
