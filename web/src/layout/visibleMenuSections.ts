import { canOpen } from '../shared/access/canOpen';
import type { MenuItem, MenuSection } from './MenuItem';
import type { Role } from '../shared/access/Role';

/**
 * The menu a user sees: without an active company only the entries marked
 * `withoutCompany`; with one, the entries whose page the company role may
 * open, but the billing ones when the server has no billing. Sections left
 * empty are dropped.
 */
export function visibleMenuSections(sections: MenuSection[], role: Role | null, { billingOff = false } = {}): MenuSection[] {
  const shown = (item: MenuItem) => (role ? canOpen(item.to, role) : item.withoutCompany === true) && !(billingOff && item.billing);
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter(shown),
    }))
    .filter((section) => section.items.length > 0);
}
