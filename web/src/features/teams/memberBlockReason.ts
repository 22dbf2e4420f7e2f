import { canManageMember, type Role } from '../../../../domain/members/roles.ts';
import type { Member } from './Member';

/** What a role may not change, said to those who hold it (the rule is canManageMember's). */
const OUT_OF_REACH: Partial<Record<Role, string>> = {
  Head: 'A Head cannot change an Admin',
  Manager: 'A Manager cannot change a Head or an Admin',
};

/**
 * Why the user may not edit or remove this member (management §6), or null when
 * they may: never one's own row; a Head not Admins; a Manager not Heads or Admins.
 */
export function memberBlockReason(actorRole: Role, actorId: string, member: Member): string | null {
  const isSelf = member.userId === actorId;
  if (canManageMember(actorRole, member.accessLevel as Role, isSelf)) return null;
  if (isSelf) return 'You cannot edit or remove yourself';
  return OUT_OF_REACH[actorRole] ?? 'You cannot change this member';
}
