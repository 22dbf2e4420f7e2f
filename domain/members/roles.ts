/** Roles of spec core §6 and management §6. */
export const ROLES = ['Admin', 'Head', 'Manager', 'Member', 'Client'] as const;
export type Role = (typeof ROLES)[number];

/** Is this one of the roles (for input that names one)? */
export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** Roles a person holds in one team (Admin is company-wide, Client is per project). */
export const TEAM_ROLES = ['Head', 'Manager', 'Member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/**
 * The role held over the whole company: Admins are in every team by it, and
 * the read models list them in each team with it.
 */
export const COMPANY_ROLE = 'Admin' satisfies Role;

/** The role held per project: Clients are invited to projects, not teams. */
export const PROJECT_ROLE = 'Client' satisfies Role;

/** The access level of someone who holds no role yet: a member who just joined. */
export const LEVEL_WITHOUT_ROLES = 'Member' satisfies Role;

/** Roles an invitation names teams for: the team roles (an Admin joins every team, a Client projects). */
export const joinsTeams = (role: string): role is TeamRole => (TEAM_ROLES as readonly string[]).includes(role);

/** Clients are invited to projects, not teams. */
export const joinsProjects = (role: string): boolean => role === PROJECT_ROLE;

/** Admins belong to every team by their role: their place in a team is no team role to give, take or ask for. */
export const inEveryTeam = (role: string): boolean => role === COMPANY_ROLE;

/** The role someone gets in a team they are added to: Head or Manager when that is their level, else Member. */
export const teamRoleFor = (level: string): TeamRole => (level === 'Head' || level === 'Manager' ? level : 'Member');

/** A Head heads the teams they create (Admins are in every team anyway; no other role creates teams). */
const TEAM_CREATOR = 'Head' satisfies TeamRole;

/** The team role one takes in a team one creates. */
export const creatorTeamRole = (role: string): TeamRole | null => (role === TEAM_CREATOR ? TEAM_CREATOR : null);

/** Is this the team role one takes in a team one creates? */
export const takenByTeamCreator = (teamRole: string): boolean => teamRole === TEAM_CREATOR;

/** The access levels the Members tab filters by (management §6 leaves out Head and Client). */
export const MEMBER_FILTER_LEVELS = ['Admin', 'Manager', 'Member'] as const satisfies readonly Role[];
export type MemberFilterLevel = (typeof MEMBER_FILTER_LEVELS)[number];

/** The roles the invite form offers, in its order (management §6); Head is in the rules, though the form does not offer it. */
export const INVITE_FORM_ROLES = ['Member', 'Manager', 'Admin', 'Client'] as const satisfies readonly Role[];

const rank: Record<Role, number> = { Admin: 4, Head: 3, Manager: 2, Member: 1, Client: 0 };

/** These roles from the lowest up: the one nearest a team's people first. */
export const lowestFirst = <R extends Role>(roles: readonly R[]): R[] => [...roles].sort((a, b) => rank[a] - rank[b]);

/** The access level shown for a member: Admin, else their highest team role, else Client or Member. */
export function accessLevel(member: { isAdmin: boolean; teamRoles: Iterable<TeamRole>; clientProjects?: number }): Role {
  if (member.isAdmin) return COMPANY_ROLE;
  let best: Role | null = null;
  for (const role of member.teamRoles) if (!best || rank[role] > rank[best]) best = role;
  return best ?? (member.clientProjects ? PROJECT_ROLE : LEVEL_WITHOUT_ROLES);
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
