import { mayOpenPage } from '../../../../domain/members/page-access.ts';
import type { Role } from './Role';

/** May a user with this role in the active company open the page at this route path (the router's guard, the menus)? */
export function canOpen(path: string, role: Role): boolean {
  return mayOpenPage(role, path);
}
