import type { LinkProps } from '@tanstack/react-router';
import type { Role } from './Role';

export interface MenuItem {
  title: string;
  to: NonNullable<LinkProps['to']>;
  /** Query parameters of the link; `companyId` is the active company's id. */
  search?: (companyId: string) => Record<string, string>;
  /** Roles in the active company that see the item. */
  visibleTo: 'all' | readonly Role[];
  /** Also shown when the user has no active company. */
  withoutCompany?: true;
}

export interface MenuSection {
  header: string;
  items: MenuItem[];
}
