/** Company roles (spec core §6), as the domain defines them. */
export type { Role } from '../../../../domain/members/roles.ts';
