/** Roles of spec core §6 and management §6. */
export const ROLES = ['Admin', 'Head', 'Manager', 'Member', 'Client'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a person holds in one team (Admin is company-wide, Client is per project). */
export const TEAM_ROLES = ['Head', 'Manager', 'Member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Roles an invitation names teams for: the team roles (an Admin joins every team, a Client projects). */
export const joinsTeams = (role: string): role is TeamRole => (TEAM_ROLES as readonly string[]).includes(role);

/** Clients are invited to projects, not teams. */
export const joinsProjects = (role: string): boolean => role === 'Client';

/** Admins belong to every team by their role: their place in a team is no team role to give, take or ask for. */
export const inEveryTeam = (role: string): boolean => role === 'Admin';

/** The role someone gets in a team they are added to: Head or Manager when that is their level, else Member. */
export const teamRoleFor = (level: string): TeamRole => (level === 'Head' || level === 'Manager' ? level : 'Member');

/** The team role one takes in a team one creates: a Head heads it (Admins are in every team anyway; no other role creates teams). */
export const creatorTeamRole = (role: string): TeamRole | null => (role === 'Head' ? 'Head' : null);

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
