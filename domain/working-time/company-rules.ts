import { DEFAULT_WORK_RULES, type Weekday } from '../attendance/day-status.ts';
import { authorize, type CommandName } from '../members/authorization.ts';
import { changedBy, type CommandBy } from '../projects/project.ts';
import { isCalendarDay } from '../shared/calendar-day.ts';
import type { Decider } from '../shared/decider.ts';
import { conflict, invalid, notFound } from '../shared/errors.ts';
import type { BalanceRules } from './balance.ts';
import type { WorkingTimeRulesEvent } from './events.ts';
import { MAX_CARRY_OVER_MINUTES, MAX_COMPANY_HOLIDAYS_PER_YEAR, MAX_EXPIRY_MONTHS, MAX_HOLIDAY_NAME } from './limits.ts';
import { MAX_DAY_MINUTES } from './targets.ts';

export const workingTimeRulesMessages = {
  workingDaysInvalid: 'Please choose at least one working day.',
  dailyTargetInvalid: 'Please enter a daily target between 1 minute and 24 hours, or follow the daily threshold.',
  regionUnknown: "Please choose a region of the company's country from the list, or none.",
  holidayDayInvalid: 'Please choose the day of the holiday.',
  holidayNameInvalid: `Please name the holiday, in at most ${MAX_HOLIDAY_NAME} characters.`,
  holidayExists: (day: string) => `There is already a company holiday on ${day}.`,
  holidaysFull: `A company can keep at most ${MAX_COMPANY_HOLIDAYS_PER_YEAR} holidays a year.`,
  holidayNotFound: 'There is no company holiday on that day.',
  capInvalid: `Please enter a carry-over cap between 0 and ${MAX_CARRY_OVER_MINUTES / 60} hours, or none.`,
  expiryInvalid: `Please enter after how many months overtime expires, 1 to ${MAX_EXPIRY_MONTHS}, or never.`,
} as const;

/** A company's working-time rules as its events leave them; a company that set nothing has the defaults. */
export interface WorkingTimeRules {
  workingDays: readonly Weekday[];
  /** null: the daily threshold's minutes. */
  dailyTargetMinutes: number | null;
  holidayRegion: string | null;
  /** Day → name. */
  companyHolidays: ReadonlyMap<string, string>;
  balance: BalanceRules & { idleCounts: boolean };
}

export const DEFAULT_WORKING_TIME_RULES: WorkingTimeRules = {
  workingDays: DEFAULT_WORK_RULES.workingDays,
  dailyTargetMinutes: null,
  holidayRegion: null,
  companyHolidays: new Map(),
  balance: { carryOverCapMinutes: null, overtimeExpiryMonths: null, idleCounts: true },
};

export type WorkingTimeRulesCommand =
  | ({ type: 'SetWorkingDays'; companyId: string; days: readonly number[] } & CommandBy)
  | ({ type: 'SetDailyTarget'; companyId: string; minutes: number | null } & CommandBy)
  | ({ type: 'SetHolidayRegion'; companyId: string; region: string | null } & CommandBy)
  | ({ type: 'AddCompanyHoliday'; companyId: string; day: string; name: string } & CommandBy)
  | ({ type: 'RemoveCompanyHoliday'; companyId: string; day: string } & CommandBy)
  | ({ type: 'SetBalanceRules'; companyId: string; carryOverCapMinutes: number | null; overtimeExpiryMonths: number | null; idleCounts: boolean } & CommandBy);

export interface WorkingTimeRulesContext {
  now: Date;
  /** The region codes the holiday library has for the company's country. */
  regions: readonly string[];
}

const isWholeIn = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** A company's working days, daily target, holidays and balance rules: Admins' choices, each kept as an event. */
export const workingTimeRules: Decider<WorkingTimeRulesCommand, WorkingTimeRulesEvent, WorkingTimeRules, WorkingTimeRulesContext> = {
  initialState: DEFAULT_WORKING_TIME_RULES,

  evolve(state, event) {
    switch (event.type) {
      case 'WorkingDaysSet':
        return { ...state, workingDays: event.data.days as Weekday[] };
      case 'DailyTargetSet':
        return { ...state, dailyTargetMinutes: event.data.minutes };
      case 'HolidayRegionSet':
        return { ...state, holidayRegion: event.data.region };
      case 'CompanyHolidayAdded':
        return { ...state, companyHolidays: new Map(state.companyHolidays).set(event.data.day, event.data.name) };
      case 'CompanyHolidayRemoved': {
        const companyHolidays = new Map(state.companyHolidays);
        companyHolidays.delete(event.data.day);
        return { ...state, companyHolidays };
      }
      case 'BalanceRulesSet': {
        const { carryOverCapMinutes, overtimeExpiryMonths, idleCounts } = event.data;
        return { ...state, balance: { carryOverCapMinutes, overtimeExpiryMonths, idleCounts } };
      }
    }
  },

  decide(command, state, { now, regions }) {
    authorize(command.actor, command.type satisfies CommandName, { companyId: command.companyId });
    const change = { companyId: command.companyId, by: changedBy(command), at: now.toISOString() };
    switch (command.type) {
      case 'SetWorkingDays': {
        const days = [...new Set(command.days)].sort();
        if (days.length === 0 || days.some((day) => !isWholeIn(day, 1, 7))) throw invalid(workingTimeRulesMessages.workingDaysInvalid);
        if (days.join() === [...state.workingDays].sort().join()) return [];
        return [{ type: 'WorkingDaysSet', data: { ...change, days } }];
      }
      case 'SetDailyTarget': {
        const { minutes } = command;
        if (minutes !== null && !isWholeIn(minutes, 1, MAX_DAY_MINUTES)) throw invalid(workingTimeRulesMessages.dailyTargetInvalid);
        if (minutes === state.dailyTargetMinutes) return [];
        return [{ type: 'DailyTargetSet', data: { ...change, minutes } }];
      }
      case 'SetHolidayRegion': {
        const { region } = command;
        if (region !== null && !regions.includes(region)) throw invalid(workingTimeRulesMessages.regionUnknown);
        if (region === state.holidayRegion) return [];
        return [{ type: 'HolidayRegionSet', data: { ...change, region } }];
      }
      case 'AddCompanyHoliday': {
        const { day } = command;
        const name = command.name.trim();
        if (!isCalendarDay(day)) throw invalid(workingTimeRulesMessages.holidayDayInvalid);
        if (!name || name.length > MAX_HOLIDAY_NAME) throw invalid(workingTimeRulesMessages.holidayNameInvalid);
        const existing = state.companyHolidays.get(day);
        if (existing === name) return [];
        if (existing !== undefined) throw conflict(workingTimeRulesMessages.holidayExists(day));
        if ([...state.companyHolidays.keys()].filter((other) => other.slice(0, 4) === day.slice(0, 4)).length >= MAX_COMPANY_HOLIDAYS_PER_YEAR) throw conflict(workingTimeRulesMessages.holidaysFull);
        return [{ type: 'CompanyHolidayAdded', data: { ...change, day, name } }];
      }
      case 'RemoveCompanyHoliday': {
        if (!state.companyHolidays.has(command.day)) throw notFound(workingTimeRulesMessages.holidayNotFound);
        return [{ type: 'CompanyHolidayRemoved', data: { ...change, day: command.day } }];
      }
      case 'SetBalanceRules': {
        const { carryOverCapMinutes, overtimeExpiryMonths, idleCounts } = command;
        if (carryOverCapMinutes !== null && !isWholeIn(carryOverCapMinutes, 0, MAX_CARRY_OVER_MINUTES)) throw invalid(workingTimeRulesMessages.capInvalid);
        if (overtimeExpiryMonths !== null && !isWholeIn(overtimeExpiryMonths, 1, MAX_EXPIRY_MONTHS)) throw invalid(workingTimeRulesMessages.expiryInvalid);
        const { balance } = state;
        if (balance.carryOverCapMinutes === carryOverCapMinutes && balance.overtimeExpiryMonths === overtimeExpiryMonths && balance.idleCounts === idleCounts) return [];
        return [{ type: 'BalanceRulesSet', data: { ...change, carryOverCapMinutes, overtimeExpiryMonths, idleCounts } }];
      }
    }
  },
};
