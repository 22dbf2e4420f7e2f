/** Access levels the invite form offers, with their labels (management §6). */
export const INVITE_ROLE_OPTIONS = [
  { value: 'Member', label: 'Team Member' },
  { value: 'Manager', label: 'Manager' },
  { value: 'Admin', label: 'Admin' },
  { value: 'Client', label: 'Client' },
] as const;

/** Roles an invite can carry from this form; Head is in the rules, though the form does not offer it. */
export type InviteRole = 'Admin' | 'Head' | 'Manager' | 'Member' | 'Client';

export const isInviteRole = (value: string): value is InviteRole =>
  value === 'Admin' || value === 'Head' || value === 'Manager' || value === 'Member' || value === 'Client';
