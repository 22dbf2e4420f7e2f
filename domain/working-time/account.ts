import { authorize, type CommandName } from '../members/authorization.ts';
import type { Role } from '../members/roles.ts';
import { changedBy, type CommandBy } from '../projects/project.ts';
import { isCalendarDay } from '../shared/calendar-day.ts';
import type { Decider } from '../shared/decider.ts';
import { conflict, invalid, notFound } from '../shared/errors.ts';
import type { WorkingTimeAccountEvent } from './events.ts';
import { MAX_CONTRACTS, MAX_ENTRY_MINUTES, MAX_REASON } from './limits.ts';
import { type Contract, contractProblem } from './targets.ts';
import { workingTimeRulesMessages } from './company-rules.ts';

export const accountMessages = {
  dayInvalid: 'Please choose a day.',
  notFound: 'There is no contract from that day.',
  tooMany: `A person can have at most ${MAX_CONTRACTS} contracts.`,
  minutesInvalid: `Please enter a number of hours and minutes, at most ${MAX_ENTRY_MINUTES / 60} hours.`,
  payoutInvalid: `Please enter the hours paid out: more than none, at most ${MAX_ENTRY_MINUTES / 60} hours.`,
  futureDay: 'A correction or payout is for a day that has begun.',
  reasonInvalid: `Please give the reason, in at most ${MAX_REASON} characters.`,
} as const;

/** One person's working-time account as its events leave it. */
export interface WorkingTimeAccount {
  contracts: readonly Contract[];
  /** The region whose holidays apply to the person; null: the company's. */
  holidayRegion: string | null;
}

export type WorkingTimeAccountCommand = { companyId: string; userId: string } & CommandBy &
  (
    | { type: 'SetContract'; contract: Contract }
    | { type: 'RemoveContract'; from: string }
    | { type: 'SetPersonHolidayRegion'; region: string | null }
    | { type: 'CorrectBalance'; day: string; minutes: number; reason: string }
    | { type: 'PayOutOvertime'; day: string; minutes: number; reason: string }
  );

export interface WorkingTimeAccountContext {
  now: Date;
  /** The company's local today. */
  today: string;
  /** The person the account is of: their access level and teams, for who may change it. */
  member: { role: Role; teamIds: readonly string[] };
  /** The region codes the holiday library has for the company's country. */
  regions: readonly string[];
}

/**
 * A person's contracts, holiday region, corrections and payouts in one
 * company. Contracts and the region are set by an Admin, or a Head of one of
 * the person's teams; corrections and payouts by an Admin, with a reason.
 */
export const workingTimeAccount: Decider<WorkingTimeAccountCommand, WorkingTimeAccountEvent, WorkingTimeAccount, WorkingTimeAccountContext> = {
  initialState: { contracts: [], holidayRegion: null },

  evolve(state, event) {
    switch (event.type) {
      case 'ContractSet': {
        const { contract } = event.data;
        const others = state.contracts.filter((other) => other.from !== contract.from);
        return { ...state, contracts: [...others, contract].sort((a, b) => (a.from < b.from ? -1 : 1)) };
      }
      case 'ContractRemoved':
        return { ...state, contracts: state.contracts.filter((contract) => contract.from !== event.data.from) };
      case 'PersonHolidayRegionSet':
        return { ...state, holidayRegion: event.data.region };
      case 'BalanceCorrected':
      case 'OvertimePaidOut':
        // Corrections and payouts change no rule the decider keeps.
        return state;
    }
  },

  decide(command, state, { now, today, member, regions }) {
    const { companyId, userId } = command;
    authorize(command.actor, command.type satisfies CommandName, { companyId, member: { userId, role: member.role, teamIds: member.teamIds } });
    const change = { companyId, userId, by: changedBy(command), at: now.toISOString() };
    switch (command.type) {
      case 'SetContract': {
        const { from, until, weekdayMinutes } = command.contract;
        if (!isCalendarDay(from) || (until !== null && !isCalendarDay(until))) throw invalid(accountMessages.dayInvalid);
        // Each weekday's minutes by name of its field, as the event stores them.
        const contract = { from, until, weekdayMinutes: weekdayMinutes.map((minutes) => minutes) };
        const others = state.contracts.filter((other) => other.from !== from);
        const problem = contractProblem(contract, others);
        if (problem) throw invalid(problem);
        if (others.length >= MAX_CONTRACTS) throw conflict(accountMessages.tooMany);
        const same = state.contracts.find((other) => other.from === from);
        if (same && JSON.stringify(same) === JSON.stringify(contract)) return [];
        return [{ type: 'ContractSet', data: { ...change, contract } }];
      }
      case 'RemoveContract':
        if (!state.contracts.some((contract) => contract.from === command.from)) throw notFound(accountMessages.notFound);
        return [{ type: 'ContractRemoved', data: { ...change, from: command.from } }];
      case 'SetPersonHolidayRegion': {
        const { region } = command;
        if (region !== null && !regions.includes(region)) throw invalid(workingTimeRulesMessages.regionUnknown);
        if (region === state.holidayRegion) return [];
        return [{ type: 'PersonHolidayRegionSet', data: { ...change, region } }];
      }
      case 'CorrectBalance':
      case 'PayOutOvertime': {
        const { day, minutes } = command;
        const reason = command.reason.trim();
        if (!isCalendarDay(day)) throw invalid(accountMessages.dayInvalid);
        if (day > today) throw invalid(accountMessages.futureDay);
        const payout = command.type === 'PayOutOvertime';
        const inRange = Number.isInteger(minutes) && Math.abs(minutes) <= MAX_ENTRY_MINUTES && (payout ? minutes > 0 : minutes !== 0);
        if (!inRange) throw invalid(payout ? accountMessages.payoutInvalid : accountMessages.minutesInvalid);
        if (!reason || reason.length > MAX_REASON) throw invalid(accountMessages.reasonInvalid);
        const entry = { ...change, day, minutes, reason };
        return [payout ? { type: 'OvertimePaidOut', data: entry } : { type: 'BalanceCorrected', data: entry }];
      }
    }
  },
};
