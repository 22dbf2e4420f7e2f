/** A row of the Members tab as `GET /api/companies/:companyId/members` returns it. */
export interface Member {
  userId: string;
  name: string;
  email: string;
  accessLevel: string;
  hourlyRate: number | null;
  teams: { teamId: string; teamName: string; role: string }[];
}

export const MEMBER_PAGE_SIZES = [10, 20, 50] as const;
export type MemberPageSize = (typeof MEMBER_PAGE_SIZES)[number];

/** Access levels the filter offers (management §6: Client and Head are left out). */
export const MEMBER_FILTER_LEVELS = ['Admin', 'Manager', 'Member'] as const;
export type MemberFilterLevel = (typeof MEMBER_FILTER_LEVELS)[number];

export interface MemberFilter {
  accessLevel: MemberFilterLevel | null;
  teamId: string | null;
  search: string;
  page: number;
  pageSize: MemberPageSize;
}
