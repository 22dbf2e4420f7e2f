import type { Authority } from '../members/authorization.ts';
import { accessDenied } from '../members/roles.ts';
import type { Decider } from '../shared/decider.ts';
import { conflict, forbidden, invalid, notFound } from '../shared/errors.ts';
import type { CompanyEvent, CompanyLocation, CompanyNamesEvent, SubscriptionStatus } from './events.ts';

export const TRIAL_DAYS = 30;
const DAY_MS = 86_400_000;

export const companyMessages = {
  nameRequired: 'Company name is required',
  nameTooShort: 'Name must contains 3 letters',
  locationRequired: 'Company location is required',
  timeZoneRequired: 'Timezone is required',
  timeRangeRequired: 'Time range is required',
  duplicate: 'Company already exists!',
  notFound: 'Company not found',
  suspended: 'Your company subscription is suspended. Please choose a plan to continue.',
} as const;

export type CompanyState =
  | { status: 'none' }
  | { status: 'created'; companyId: string; name: string; createdBy: string; subscription: SubscriptionStatus; trialEndsAt: string | null };

export type CompanyCommand =
  | {
      type: 'CreateCompany';
      companyId: string;
      name: string;
      location: CompanyLocation | null;
      timeZone: string;
      workingHours: { start: string; end: string } | null;
      createdBy: { userId: string; name: string; email: string };
    }
  /** Only the operator (and, later, billing) sets a subscription. */
  | { type: 'SetSubscriptionStatus'; status: SubscriptionStatus; trialEndsAt: string | null; authority: Authority };

export interface CompanyContext {
  now: Date;
  /** Is this an IANA time zone the server knows? */
  isTimeZone: (zone: string) => boolean;
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export function validateCompany(command: Extract<CompanyCommand, { type: 'CreateCompany' }>, isTimeZone: (zone: string) => boolean) {
  const name = command.name?.trim() ?? '';
  if (!name) return companyMessages.nameRequired;
  if ((name.match(/\p{L}/gu) ?? []).length < 3) return companyMessages.nameTooShort;
  if (!command.location?.country?.trim() || !/^[A-Z]{2}$/.test(command.location.code ?? '')) return companyMessages.locationRequired;
  if (!command.timeZone || !isTimeZone(command.timeZone)) return companyMessages.timeZoneRequired;
  const hours = command.workingHours;
  if (!hours || !HH_MM.test(hours.start) || !HH_MM.test(hours.end) || hours.start === hours.end) return companyMessages.timeRangeRequired;
  return null;
}

export const company: Decider<CompanyCommand, CompanyEvent, CompanyState, CompanyContext> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'CompanyCreated':
        return {
          status: 'created',
          companyId: event.data.companyId,
          name: event.data.name,
          createdBy: event.data.createdBy.userId,
          subscription: 'trial',
          trialEndsAt: event.data.trialEndsAt,
        };
      case 'SubscriptionStatusSet':
        return state.status === 'created' ? { ...state, subscription: event.data.status, trialEndsAt: event.data.trialEndsAt } : state;
      default:
        // Billing's events share the company's stream (domain/billing).
        return state;
    }
  },

  decide(command, state, { now, isTimeZone }) {
    switch (command.type) {
      case 'CreateCompany': {
        // Repeated by its creator: already done. Anyone else: that id is taken.
        if (state.status === 'created') {
          if (state.createdBy === command.createdBy.userId) return [];
          throw conflict(companyMessages.duplicate);
        }
        const problem = validateCompany(command, isTimeZone);
        if (problem) throw invalid(problem);
        return [
          {
            type: 'CompanyCreated',
            data: {
              companyId: command.companyId,
              name: command.name.trim(),
              location: { country: command.location!.country.trim(), code: command.location!.code },
              timeZone: command.timeZone,
              workingHours: command.workingHours!,
              createdBy: command.createdBy,
              trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
            },
          },
        ];
      }
      case 'SetSubscriptionStatus':
        if (command.authority.kind !== 'operator') throw forbidden(accessDenied);
        if (state.status !== 'created') throw notFound(companyMessages.notFound);
        if (command.status === 'trial' && !command.trialEndsAt) throw invalid('A trial needs its end date.');
        return [{ type: 'SubscriptionStatusSet', data: { companyId: state.companyId, status: command.status, trialEndsAt: command.trialEndsAt } }];
    }
  },
};

/** Suspended, or a trial past its end, locks the company (spec core §4). Unknown reads as trial. An active subscription with an end locks once it is reached. */
export function isLocked(subscription: { status: string | null; trialEndsAt: string | Date | null; activeUntil?: string | Date | null }, now: Date): boolean {
  if (subscription.status === 'active') return subscription.activeUntil != null && new Date(subscription.activeUntil).getTime() <= now.getTime();
  if (subscription.status === 'suspended') return true;
  return subscription.trialEndsAt !== null && new Date(subscription.trialEndsAt).getTime() <= now.getTime();
}

/** Days left of a trial: ceiling of the remaining milliseconds over a day (spec core §9). */
export function trialDaysLeft(trialEndsAt: string | Date, now: Date): number {
  return Math.max(0, Math.ceil((new Date(trialEndsAt).getTime() - now.getTime()) / DAY_MS));
}

export type CompanyNamesState = { names: Map<string, string> };
export type CompanyNamesCommand = { type: 'ClaimCompanyName'; companyId: string; name: string };

/** Names are compared without case or surrounding spaces. */
export const companyNameKey = (name: string) => name.trim().toLocaleLowerCase();

export const companyNames: Decider<CompanyNamesCommand, CompanyNamesEvent, CompanyNamesState, { otherCompanyNames: string[] }> = {
  initialState: { names: new Map() },

  evolve: (state, event) => ({ names: new Map(state.names).set(companyNameKey(event.data.name), event.data.companyId) }),

  decide(command, state, { otherCompanyNames }) {
    const key = companyNameKey(command.name);
    const holder = state.names.get(key);
    if (holder === command.companyId) return [];
    if (holder || otherCompanyNames.some((name) => companyNameKey(name) === key)) throw conflict(companyMessages.duplicate);
    return [{ type: 'CompanyNameClaimed', data: { companyId: command.companyId, name: command.name.trim() } }];
  },
};
