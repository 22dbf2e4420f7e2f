import { type Static, Type } from 'typebox';
import { WEEKDAYS } from '../dashboards/range.ts';
import { Day, Id, NamedPerson, Nullable, Text } from '../shared/schema.ts';

/**
 * What the working-time API answers (api/working-time/routes.ts) and the web
 * app reads: whole minutes by the accounting rule; a balance may be negative.
 */
const SignedMinutes = Type.Integer();
const Minutes = Type.Integer({ minimum: 0 });

export const Region = Type.Object({ code: Type.String(), name: Type.String() });

/** A company's working-time rules as they apply, with the regions its country's holidays can follow. */
export const WorkingTimeRulesView = Type.Object({
  country: Type.String(),
  countryName: Type.String(),
  regions: Type.Array(Region),
  /** By name, Monday first. */
  workingDays: Type.Array(Type.Enum(WEEKDAYS)),
  dailyTargetMinutes: Minutes,
  /** Whether the daily target follows the daily threshold (none set). */
  targetFollowsThreshold: Type.Boolean(),
  holidayRegion: Nullable(Type.String()),
  carryOverCapMinutes: Nullable(Minutes),
  overtimeExpiryMonths: Nullable(Type.Integer()),
  idleCounts: Type.Boolean(),
});
export type WorkingTimeRulesView = Static<typeof WorkingTimeRulesView>;

export const ShownHoliday = Type.Object({ day: Day, name: Type.String(), kind: Type.Union([Type.Literal('public'), Type.Literal('company')]) });
export type ShownHoliday = Static<typeof ShownHoliday>;

export const ContractView = Type.Object({ from: Day, until: Nullable(Day), weekdayMinutes: Type.Array(Minutes, { minItems: 7, maxItems: 7 }) });

const Figures = {
  targetMinutes: Minutes,
  workedMinutes: Minutes,
  differenceMinutes: SignedMinutes,
  /** Corrections less payouts. */
  adjustedMinutes: SignedMinutes,
  /** Overtime a month's close took away: expired, then over the carry-over cap. */
  expiredMinutes: Minutes,
  forfeitedMinutes: Minutes,
};

export const BalanceDay = Type.Object({ day: Day, ...Figures, balanceMinutes: SignedMinutes, holiday: Nullable(Type.String()) });
export const BalancePeriod = Type.Object({ from: Day, to: Day, ...Figures, openingMinutes: SignedMinutes, closingMinutes: SignedMinutes });

export const BalanceEntryView = Type.Object({
  day: Day,
  kind: Type.Union([Type.Literal('correction'), Type.Literal('payout')]),
  minutes: SignedMinutes,
  reason: Text(1_000),
  byName: Type.String(),
  at: Type.String(),
});

/** One person's working time for a month: its days up to today, its weeks, the months of its year, and what the balance is made of. */
export const PersonWorkingTime = Type.Object({
  person: NamedPerson,
  /** The account's first day: when they joined. */
  from: Day,
  /** The company's today: the last day counted. */
  today: Day,
  month: Type.String(),
  /** The balance at the end of today. */
  balanceMinutes: SignedMinutes,
  days: Type.Array(BalanceDay),
  weeks: Type.Array(BalancePeriod),
  months: Type.Array(BalancePeriod),
  contracts: Type.Array(ContractView),
  /** The person's holiday region, when it is not the company's. */
  holidayRegion: Nullable(Type.String()),
  holidays: Type.Array(ShownHoliday),
  entries: Type.Array(BalanceEntryView),
});
export type PersonWorkingTime = Static<typeof PersonWorkingTime>;

export const PersonId = Type.Object({ companyId: Id, userId: Id });

/** The balances of the people a manager sees: today's balance and this month's target and worked time, each by the one rule. */
export const TeamWorkingTime = Type.Object({
  today: Day,
  people: Type.Array(Type.Object({ ...NamedPerson.properties, balanceMinutes: SignedMinutes, monthTargetMinutes: Minutes, monthWorkedMinutes: Minutes })),
});
