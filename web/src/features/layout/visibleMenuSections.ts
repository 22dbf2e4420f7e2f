import { canOpen } from './canOpen';
import type { MenuSection } from './MenuItem';
import type { Role } from './Role';

/**
 * The menu a user sees: without an active company only the entries marked
 * `withoutCompany`; with one, the entries whose page the company role may
 * open. Sections left empty are dropped.
 */
export function visibleMenuSections(sections: MenuSection[], role: Role | null): MenuSection[] {
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => (role ? canOpen(item.to, role) : item.withoutCompany === true)),
    }))
    .filter((section) => section.items.length > 0);
}
