import type { MenuItem, MenuSection } from './MenuItem';

function isVisible(item: MenuItem, role: string): boolean {
  if (item.visibleTo === 'all') return true;
  return item.visibleTo.some((visibleRole) => visibleRole.toLowerCase() === role.toLowerCase());
}

/**
 * The menu a user sees: without an active company only the entries marked
 * `withoutCompany`; with one, the entries the company role may see. Sections
 * left empty are dropped.
 */
export function visibleMenuSections(
  sections: MenuSection[],
  activeCompany: { role: string } | null,
): MenuSection[] {
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) =>
        activeCompany ? isVisible(item, activeCompany.role) : item.withoutCompany === true,
      ),
    }))
    .filter((section) => section.items.length > 0);
}
