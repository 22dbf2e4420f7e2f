import { describe, expect, it } from 'vitest';
import type { Invitation } from './Invitation';
import { invitationSummary } from './invitationSummary';

const invitation = (changes: Partial<Invitation>): Invitation => ({
  invitationId: 'i',
  email: 'bob@example.com',
  companyId: 'c',
  invitedBy: { fullName: 'Alice Admin', companyName: 'Acme' },
  invitedAs: 'Member',
  teamName: null,
  projects: [],
  status: 'pending',
  expiresAt: '2030-01-01T00:00:00.000Z',
  ...changes,
});

describe('invitationSummary', () => {
  it('names the company for an Admin invite', () => {
    expect(invitationSummary(invitation({ invitedAs: 'Admin' }))).toBe('Alice Admin invited you to join Acme as Admin');
  });
  it('names the team and role for a team invite', () => {
    expect(invitationSummary(invitation({ invitedAs: 'Manager', teamName: 'Design' }))).toBe(
      'Alice Admin invited you to the team Design of Acme as Manager',
    );
  });
  it('names the projects for a client invite', () => {
    expect(invitationSummary(invitation({ invitedAs: 'Client', projects: [{ projectId: 'p', name: 'Website' }] }))).toBe(
      'Alice Admin invited you to the project Website of Acme as Client',
    );
  });
});
