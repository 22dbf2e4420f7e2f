import { describe, expect, it } from 'vitest';
import { managedTeams } from './managedTeams';
import type { Team } from './Team';

const member = (userId: string, role: string) => ({ userId, name: userId, email: `${userId}@example.com`, role });
const design: Team = { teamId: 'design', teamName: 'Design', members: [member('me', 'Manager'), member('ann', 'Member')] };
const support: Team = { teamId: 'support', teamName: 'Support', members: [member('me', 'Member')] };
const sales: Team = { teamId: 'sales', teamName: 'Sales', members: [member('me', 'Head')] };

describe('managedTeams', () => {
  it('gives an Admin every team', () => {
    expect(managedTeams([design, support, sales], 'Admin', 'me')).toEqual([design, support, sales]);
  });
  it('gives others the teams they head or manage, not those they are a member of', () => {
    expect(managedTeams([design, support, sales], 'Manager', 'me')).toEqual([design, sales]);
    expect(managedTeams([design, support], 'Member', 'ann')).toEqual([]);
  });
});
