/** Someone in a team as `GET /api/companies/:companyId/teams` lists them. */
export interface TeamMember {
  userId: string;
  name: string;
  email: string;
  /** Admin, Head, Manager or Member within this team. */
  role: string;
}

/** A team of the active company; `members` is empty for Members and Clients, who do not see who else is in it. */
export interface Team {
  teamId: string;
  teamName: string;
  members: TeamMember[];
}
