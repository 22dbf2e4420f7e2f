import type { MemberFilterLevel } from '../../../../domain/members/roles.ts';
import type { ApiAnswer } from '../../lib/api';

/** A row of the Members tab. */
export type Member = ApiAnswer<'get', '/api/companies/{companyId}/members'>['members'][number];

export const MEMBER_PAGE_SIZES = [10, 20, 50] as const;
export type MemberPageSize = (typeof MEMBER_PAGE_SIZES)[number];

export interface MemberFilter {
  accessLevel: MemberFilterLevel | null;
  teamId: string | null;
  search: string;
  page: number;
  pageSize: MemberPageSize;
}
