/** Roles of spec core §6 and management §6. */
export const ROLES = ['Admin', 'Head', 'Manager', 'Member', 'Client'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a person holds in one team (Admin is company-wide, Client is per project). */
export const TEAM_ROLES = ['Head', 'Manager', 'Member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

const rank: Record<Role, number> = { Admin: 4, Head: 3, Manager: 2, Member: 1, Client: 0 };

/** The access level shown for a member: Admin, else their highest team role, else Client or Member. */
export function accessLevel(member: { isAdmin: boolean; teamRoles: Iterable<TeamRole>; clientProjects?: number }): Role {
  if (member.isAdmin) return 'Admin';
  let best: Role | null = null;
  for (const role of member.teamRoles) if (!best || rank[role] > rank[best]) best = role;
  return best ?? (member.clientProjects ? 'Client' : 'Member');
}

/** Who may edit or remove whom (management §6): never oneself; Head not Admins; Manager not Heads or Admins. */
export function canManageMember(actor: Role, target: Role, isSelf: boolean): boolean {
  if (isSelf) return false;
  if (actor === 'Admin') return true;
  if (actor === 'Head') return target !== 'Admin';
  if (actor === 'Manager') return target !== 'Admin' && target !== 'Head';
  return false;
}

export const accessDenied = 'Access denied';
