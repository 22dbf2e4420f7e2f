import { Temporal } from 'temporal-polyfill';
import { FIRST_YEAR } from '../shared/calendar-day.ts';

/** ISO weekday: 1 Monday … 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const PERIOD_KINDS = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/**
 * How a company cuts time into timesheet periods: weeks or pairs of weeks from
 * a start day, halves of a month (1st–15th and 16th–last), or whole months.
 */
export type PeriodRule = { kind: 'weekly' | 'biweekly'; startDay: Weekday } | { kind: 'semimonthly' | 'monthly' };

/** A rule and the first local day it cuts; the schedule's first rule runs from the beginning. */
export interface ScheduledRule {
  from: string | null;
  rule: PeriodRule;
}

/** A company's rules, oldest first. */
export type PeriodSchedule = readonly ScheduledRule[];

/** A timesheet period: its first and last local day, both included. */
export interface Period {
  start: string;
  end: string;
}

export const DEFAULT_PERIOD_RULE: PeriodRule = { kind: 'weekly', startDay: 1 };
export const DEFAULT_SCHEDULE: PeriodSchedule = [{ from: null, rule: DEFAULT_PERIOD_RULE }];

/** No period starts before this day: nothing in the product is older (FIRST_YEAR). */
export const FIRST_PERIOD_DAY = `${FIRST_YEAR}-01-01`;

/** Pairs of weeks are counted from the week of this Monday, unless a rule starts later. */
const BIWEEKLY_EPOCH = Temporal.PlainDate.from('2023-01-02');

const date = (day: string) => Temporal.PlainDate.from(day);

/** The start day on or before `day`. */
function weekStart(day: Temporal.PlainDate, startDay: Weekday): Temporal.PlainDate {
  return day.subtract({ days: (day.dayOfWeek - startDay + 7) % 7 });
}

/** The period of `rule` holding `day`, as if the rule had always been in force (pairs of weeks counted from `anchor`). */
function naturalPeriod(rule: PeriodRule, day: Temporal.PlainDate, anchor: Temporal.PlainDate): { start: Temporal.PlainDate; end: Temporal.PlainDate } {
  switch (rule.kind) {
    case 'weekly': {
      const start = weekStart(day, rule.startDay);
      return { start, end: start.add({ days: 6 }) };
    }
    case 'biweekly': {
      let start = weekStart(day, rule.startDay);
      const first = weekStart(anchor, rule.startDay);
      const weeks = first.until(start, { largestUnit: 'days' }).days / 7;
      if (Math.abs(weeks) % 2 === 1) start = start.subtract({ days: 7 });
      return { start, end: start.add({ days: 13 }) };
    }
    case 'semimonthly':
      return day.day <= 15 ? { start: day.with({ day: 1 }), end: day.with({ day: 15 }) } : { start: day.with({ day: 16 }), end: day.with({ day: day.daysInMonth }) };
    case 'monthly':
      return { start: day.with({ day: 1 }), end: day.with({ day: day.daysInMonth }) };
  }
}

/**
 * The period holding a local day. A rule cuts from its own first day to the
 * day before the next rule's: a period that would start before its rule's
 * first day starts on it, and one that would end after the next rule's
 * first day ends the day before (so a change makes at most one shorter
 * period on each side of it, never a gap or an overlap).
 */
export function periodOf(schedule: PeriodSchedule, day: string): Period {
  const plain = date(day < FIRST_PERIOD_DAY ? FIRST_PERIOD_DAY : day);
  const index = ruleIndexAt(schedule, plain.toString());
  const { from, rule } = schedule[index];
  const next = schedule[index + 1]?.from;
  const anchor = from ? date(from) : BIWEEKLY_EPOCH;
  const natural = naturalPeriod(rule, plain, anchor);
  const earliest = date(from ?? FIRST_PERIOD_DAY);
  const start = Temporal.PlainDate.compare(natural.start, earliest) < 0 ? earliest : natural.start;
  const latest = next ? date(next).subtract({ days: 1 }) : natural.end;
  const end = Temporal.PlainDate.compare(natural.end, latest) > 0 ? latest : natural.end;
  return { start: start.toString(), end: end.toString() };
}

function ruleIndexAt(schedule: PeriodSchedule, day: string): number {
  let index = 0;
  for (let i = 1; i < schedule.length; i++) if (schedule[i].from! <= day) index = i;
  return index;
}

export const nextPeriod = (schedule: PeriodSchedule, period: Period): Period => periodOf(schedule, date(period.end).add({ days: 1 }).toString());

/** The period before; null for the first one. */
export function previousPeriod(schedule: PeriodSchedule, period: Period): Period | null {
  if (period.start <= FIRST_PERIOD_DAY) return null;
  return periodOf(schedule, date(period.start).subtract({ days: 1 }).toString());
}

/**
 * The schedule after a change of rule on `today`: the new rule applies from
 * the next period, the day after the one holding `today` ends. A second
 * change before then replaces the first.
 */
export function withRuleFromNextPeriod(schedule: PeriodSchedule, rule: PeriodRule, today: string): PeriodSchedule {
  return withRuleFrom(schedule, rule, nextPeriodStart(schedule, today));
}

/** The first day after the period holding `today`: where a change of rule made today applies. */
export const nextPeriodStart = (schedule: PeriodSchedule, today: string): string => date(periodOf(schedule, today).end).add({ days: 1 }).toString();

/**
 * The schedule with `rule` from `from` on, replacing any change from then on;
 * the rule already in force goes on unchanged (pairs of weeks keep their count).
 */
export function withRuleFrom(schedule: PeriodSchedule, rule: PeriodRule, from: string): PeriodSchedule {
  const kept = schedule.filter((entry) => entry.from === null || entry.from < from);
  return sameRule(kept[kept.length - 1].rule, rule) ? kept : [...kept, { from, rule }];
}

export const sameRule = (a: PeriodRule, b: PeriodRule): boolean => a.kind === b.kind && ('startDay' in a ? a.startDay : 0) === ('startDay' in b ? b.startDay : 0);

/** The rule in force on a day. */
export const ruleOn = (schedule: PeriodSchedule, day: string): PeriodRule => schedule[ruleIndexAt(schedule, day)].rule;

/** Whether `day` is a period's first day: a timesheet is named by it. */
export const isPeriodStart = (schedule: PeriodSchedule, day: string): boolean => periodOf(schedule, day).start === day;

/** The local days of a period, in order. */
export function daysOf({ start, end }: Period): string[] {
  const days: string[] = [];
  for (let day = date(start); day.toString() <= end; day = day.add({ days: 1 })) days.push(day.toString());
  return days;
}
