import type { DomainEvent } from '../shared/decider.ts';

export type SubscriptionStatus = 'trial' | 'active' | 'suspended';

export interface CompanyLocation {
  country: string;
  /** ISO 3166-1 alpha-2. */
  code: string;
}

export type CompanyEvent =
  | DomainEvent<
      'CompanyCreated',
      {
        companyId: string;
        name: string;
        location: CompanyLocation;
        timeZone: string;
        /** Local working time, "HH:mm". */
        workingHours: { start: string; end: string };
        createdBy: { userId: string; name: string; email: string };
        trialEndsAt: string;
      }
    >
  | DomainEvent<'SubscriptionStatusSet', { companyId: string; status: SubscriptionStatus; trialEndsAt: string | null }>;

export type CompanyNamesEvent = DomainEvent<'CompanyNameClaimed', { companyId: string; name: string }>;

export const companyStream = (companyId: string) => `company-${companyId}`;
/** The names of the companies one user created: keeps them unique for that user. */
export const companyNamesStream = (userId: string) => `company-names-${userId}`;
