import type { Role } from '../layout/Role';

/** One of the signed-in user's companies, as `/api/me` (companyList) and `GET /api/companies` return it. */
export interface CompanySummary {
  companyId: string;
  companyName: string;
  role: Role;
  /** 'trial' | 'active' | 'suspended'; anything else is read as trial by the gate and shown as Unknown. */
  subscriptionStatus: string;
  trialExpiryDate: string | null;
}
