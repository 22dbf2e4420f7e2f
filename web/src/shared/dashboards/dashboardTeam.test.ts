import { describe, expect, it } from 'vitest';
import { dashboardTeam, pickedTeam, shownTeamName, teamOption, teamOptions } from './dashboardTeam';

const design = { teamId: 'design', teamName: 'Design' };
const sales = { teamId: 'sales', teamName: 'Sales' };

describe('dashboardTeam', () => {
  it('shows the team the URL names when the viewer manages it', () => {
    expect(dashboardTeam([design, sales], 'Admin', 'sales', null).teamId).toBe('sales');
    expect(dashboardTeam([design, sales], 'Manager', 'sales', 'design').teamId).toBe('sales');
  });
  it('shows an Admin all teams by default, or for a team they cannot pick', () => {
    expect(dashboardTeam([design, sales], 'Admin', undefined, 'design')).toEqual({ choices: [design, sales], offersAllTeams: true, teamId: null });
    expect(dashboardTeam([design], 'Admin', 'gone', null).teamId).toBeNull();
  });
  it('shows others their active team when they manage it, else their first', () => {
    expect(dashboardTeam([design, sales], 'Head', undefined, 'sales')).toEqual({ choices: [design, sales], offersAllTeams: false, teamId: 'sales' });
    expect(dashboardTeam([design, sales], 'Manager', 'other', 'support').teamId).toBe('design');
    expect(dashboardTeam([], 'Manager', undefined, null).teamId).toBeNull();
  });
});

describe('the team picker', () => {
  it("offers an Admin 'All teams' first, and reads it back as no team", () => {
    const all = dashboardTeam([design, sales], 'Admin', undefined, null);
    expect(teamOptions(all)).toEqual([
      { value: 'all', label: 'All teams' },
      { value: 'design', label: 'Design' },
      { value: 'sales', label: 'Sales' },
    ]);
    expect([teamOption(all), shownTeamName(all), pickedTeam(teamOption(all))]).toEqual(['all', 'All teams', undefined]);
  });
  it('offers others their teams only, and names the one shown', () => {
    const managed = dashboardTeam([design, sales], 'Manager', 'sales', null);
    expect(teamOptions(managed).map((option) => option.label)).toEqual(['Design', 'Sales']);
    expect([teamOption(managed), shownTeamName(managed), pickedTeam('sales')]).toEqual(['sales', 'Sales', 'sales']);
  });
});
