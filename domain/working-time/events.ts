import { type Static, Type } from 'typebox';
import { ChangedBy } from '../projects/events.ts';
import type { DomainEvent } from '../shared/decider.ts';
import { Closed, Day, Id, Instant, Nullable, Text } from '../shared/schema.ts';
import { MAX_CARRY_OVER_MINUTES, MAX_ENTRY_MINUTES, MAX_EXPIRY_MONTHS, MAX_HOLIDAY_NAME, MAX_REASON } from './limits.ts';
import { MAX_DAY_MINUTES } from './targets.ts';

/** Each change says whose company, who made it and when, by the deciding clock. */
const change = { companyId: Id, by: ChangedBy, at: Instant };

const Weekday = Type.Integer({ minimum: 1, maximum: 7 });
const DayMinutes = Type.Integer({ minimum: 0, maximum: MAX_DAY_MINUTES });
/** A region code of the holiday library (a state, province or land of the company's country). */
const RegionCode = Text(10);

// The company's rules (stream workingTimeRulesStream).

/** The days of the week that ask for work; the others are the Week Off. */
export const WorkingDaysSet = Closed({ ...change, days: Type.Array(Weekday, { minItems: 1, maxItems: 7, uniqueItems: true }) });
/** The minutes of work a working day asks of a person without a contract; null: the daily threshold's. */
export const DailyTargetSet = Closed({ ...change, minutes: Nullable(Type.Integer({ minimum: 1, maximum: MAX_DAY_MINUTES })) });
/** The region of the company's country whose public holidays apply besides the country's own; null: the country's only. */
export const HolidayRegionSet = Closed({ ...change, region: Nullable(RegionCode) });
export const CompanyHolidayAdded = Closed({ ...change, day: Day, name: Text(MAX_HOLIDAY_NAME) });
export const CompanyHolidayRemoved = Closed({ ...change, day: Day });
/** How balances carry over: a cap on the overtime carried into a month, overtime's expiry, and whether idle time counts as worked. */
export const BalanceRulesSet = Closed({
  ...change,
  carryOverCapMinutes: Nullable(Type.Integer({ minimum: 0, maximum: MAX_CARRY_OVER_MINUTES })),
  overtimeExpiryMonths: Nullable(Type.Integer({ minimum: 1, maximum: MAX_EXPIRY_MONTHS })),
  idleCounts: Type.Boolean(),
});

export type WorkingTimeRulesEvent =
  | DomainEvent<'WorkingDaysSet', Static<typeof WorkingDaysSet>>
  | DomainEvent<'DailyTargetSet', Static<typeof DailyTargetSet>>
  | DomainEvent<'HolidayRegionSet', Static<typeof HolidayRegionSet>>
  | DomainEvent<'CompanyHolidayAdded', Static<typeof CompanyHolidayAdded>>
  | DomainEvent<'CompanyHolidayRemoved', Static<typeof CompanyHolidayRemoved>>
  | DomainEvent<'BalanceRulesSet', Static<typeof BalanceRulesSet>>;

// One person's account (stream workingTimeAccountStream).

const person = { ...change, userId: Id };

export const Contract = Closed({ from: Day, until: Nullable(Day), weekdayMinutes: Type.Array(DayMinutes, { minItems: 7, maxItems: 7 }) });
/** A contract from its first day; one set again from the same day replaces it. */
export const ContractSet = Closed({ ...person, contract: Contract });
export const ContractRemoved = Closed({ ...person, from: Day });
/** The region whose public holidays apply to the person instead of the company's; null: the company's. */
export const PersonHolidayRegionSet = Closed({ ...person, region: Nullable(RegionCode) });
/** A correction of the balance (either sign) or a payout of overtime (taken off it), for a day, with the reason. */
export const BalanceCorrected = Closed({ ...person, day: Day, minutes: Type.Integer({ minimum: -MAX_ENTRY_MINUTES, maximum: MAX_ENTRY_MINUTES }), reason: Text(MAX_REASON) });
export const OvertimePaidOut = Closed({ ...person, day: Day, minutes: Type.Integer({ minimum: 1, maximum: MAX_ENTRY_MINUTES }), reason: Text(MAX_REASON) });

export type WorkingTimeAccountEvent =
  | DomainEvent<'ContractSet', Static<typeof ContractSet>>
  | DomainEvent<'ContractRemoved', Static<typeof ContractRemoved>>
  | DomainEvent<'PersonHolidayRegionSet', Static<typeof PersonHolidayRegionSet>>
  | DomainEvent<'BalanceCorrected', Static<typeof BalanceCorrected>>
  | DomainEvent<'OvertimePaidOut', Static<typeof OvertimePaidOut>>;

export type WorkingTimeEvent = WorkingTimeRulesEvent | WorkingTimeAccountEvent;

export const workingTimeEventSchemas = {
  WorkingDaysSet,
  DailyTargetSet,
  HolidayRegionSet,
  CompanyHolidayAdded,
  CompanyHolidayRemoved,
  BalanceRulesSet,
  ContractSet,
  ContractRemoved,
  PersonHolidayRegionSet,
  BalanceCorrected,
  OvertimePaidOut,
};

/** A company's working-time rules and holidays. */
export const workingTimeRulesStream = (companyId: string) => `working-time-rules-${companyId}`;
/** One person's contracts, holiday region, corrections and payouts in a company. */
export const workingTimeAccountStream = (companyId: string, userId: string) => `working-time-${companyId}-${userId}`;
