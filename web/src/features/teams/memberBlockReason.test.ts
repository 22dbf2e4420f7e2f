import { describe, expect, it } from 'vitest';
import type { Member } from './Member';
import { memberBlockReason } from './memberBlockReason';

const row = (userId: string, accessLevel: string): Member => ({
  userId,
  name: userId,
  email: `${userId}@example.com`,
  accessLevel,
  hourlyRate: null,
  teams: [],
});

describe('memberBlockReason', () => {
  it('blocks one’s own row for everyone', () => {
    expect(memberBlockReason('Admin', 'me', row('me', 'Admin'))).toBe('You cannot edit or remove yourself');
  });
  it('lets a Head act on everyone but Admins', () => {
    expect(memberBlockReason('Head', 'me', row('x', 'Admin'))).toBe('A Head cannot change an Admin');
    expect(memberBlockReason('Head', 'me', row('x', 'Head'))).toBeNull();
    expect(memberBlockReason('Head', 'me', row('x', 'Member'))).toBeNull();
  });
  it('lets a Manager act on Managers and Members only', () => {
    expect(memberBlockReason('Manager', 'me', row('x', 'Head'))).toBe('A Manager cannot change a Head or an Admin');
    expect(memberBlockReason('Manager', 'me', row('x', 'Admin'))).toBe('A Manager cannot change a Head or an Admin');
    expect(memberBlockReason('Manager', 'me', row('x', 'Manager'))).toBeNull();
  });
});
