import type { Role } from '../layout/Role';

/** `GET /api/companies/:companyId`: the company, its subscription, the caller's role and the caller's own teams. */
export interface CompanyDetails {
  companyId: string;
  name: string;
  location: { country: string; code: string };
  timeZone: string;
  workingHours: { start: string; end: string };
  subscription: { status: string; trialExpiryDate: string | null };
  role: Role;
  teams: { teamId: string; teamName: string; role: string }[];
}
