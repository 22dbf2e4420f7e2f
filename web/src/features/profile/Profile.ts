import type { CompanySummary } from '../company/CompanySummary';

/** The signed-in user as `GET /api/me` returns it. Which company is active is kept in the browser (useActiveCompany). */
export interface Profile {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  isEmailVerified: boolean;
  companyList: CompanySummary[];
  /** Pending invitations to the user's e-mail address. */
  pendingInvites: number;
}
