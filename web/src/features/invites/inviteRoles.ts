import { INVITE_FORM_ROLES, type Role } from '../../../../domain/members/roles.ts';

/** How the invite form names a role, where it is not the role's own name (management §6). */
const LABELS: Partial<Record<Role, string>> = { Member: 'Team Member' };

/** Access levels the invite form offers, with their labels. */
export const INVITE_ROLE_OPTIONS = INVITE_FORM_ROLES.map((value) => ({ value, label: LABELS[value] ?? value }));
