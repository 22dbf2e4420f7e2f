import { accessRuleFor } from './accessRuleFor';
import type { Role } from './Role';

/** May a user with this role in the active company open the page at this path? */
export function canOpen(path: string, role: Role): boolean {
  const rule = accessRuleFor(path);
  return !rule || rule.roles.includes(role);
}
