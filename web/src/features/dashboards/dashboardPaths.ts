/** The pages with the dashboards' top bar (core §2): the team dashboard under both its paths, and the individual one. */
export const dashboardPaths = {
  team: ['/dashboard-team', '/team-dashboard'],
  individual: ['/dashboard-individual'],
} as const;

export const isTeamDashboardPath = (pathname: string) => (dashboardPaths.team as readonly string[]).includes(pathname);
export const isDashboardPath = (pathname: string) => isTeamDashboardPath(pathname) || (dashboardPaths.individual as readonly string[]).includes(pathname);
