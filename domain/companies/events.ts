import { type Static, Type } from 'typebox';
import type { DomainEvent } from '../shared/decider.ts';
import { Closed, Email, Id, Instant, Name, Nullable, TimeZone } from '../shared/schema.ts';

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'suspended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const CompanyLocation = Closed({
  country: Name,
  /** ISO 3166-1 alpha-2. */
  code: Type.String({ pattern: '^[A-Z]{2}$', maxLength: 2 }),
});
export type CompanyLocation = Static<typeof CompanyLocation>;

/** Local time of day, "HH:mm". */
const LocalTime = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', maxLength: 5 });

export const CompanyCreated = Closed({
  companyId: Id,
  name: Name,
  location: CompanyLocation,
  timeZone: TimeZone,
  workingHours: Closed({ start: LocalTime, end: LocalTime }),
  createdBy: Closed({ userId: Id, name: Name, email: Email }),
  trialEndsAt: Instant,
});
export const SubscriptionStatusSet = Closed({
  companyId: Id,
  status: Type.Enum(SUBSCRIPTION_STATUSES),
  trialEndsAt: Nullable(Instant),
  /** An active subscription that lapses then (a failed payment, a cancellation at the period end); absent or null: open-ended. */
  activeUntil: Type.Optional(Nullable(Instant)),
});
export const CompanyNameClaimed = Closed({ companyId: Id, name: Name });

export type CompanyEvent =
  | DomainEvent<'CompanyCreated', Static<typeof CompanyCreated>>
  | DomainEvent<'SubscriptionStatusSet', Static<typeof SubscriptionStatusSet>>;

export type CompanyNamesEvent = DomainEvent<'CompanyNameClaimed', Static<typeof CompanyNameClaimed>>;

export const companyEventSchemas = { CompanyCreated, SubscriptionStatusSet, CompanyNameClaimed };

export const companyStream = (companyId: string) => `company-${companyId}`;
/** The names of the companies one user created: keeps them unique for that user. */
export const companyNamesStream = (userId: string) => `company-names-${userId}`;
