/** The tabs of /manage-teams (query `tab`). */
export const MANAGE_TEAMS_TABS = ['teams', 'members'] as const;
export type ManageTeamsTab = (typeof MANAGE_TEAMS_TABS)[number];

export const isManageTeamsTab = (value: string): value is ManageTeamsTab =>
  (MANAGE_TEAMS_TABS as readonly string[]).includes(value);
