import type { LinkProps } from '@tanstack/react-router';
import type { Profile } from '../shared/profile/Profile';

export interface MenuItem {
  title: string;
  /** The page; who sees the item follows who may open the page (domain/members/page-access.ts). */
  to: NonNullable<LinkProps['to']>;
  /** Query parameters of the link; `companyId` is the active company's id. */
  search?: (companyId: string) => Record<string, string>;
  /** Also shown when the user has no active company. */
  withoutCompany?: true;
  /** A page of subscriptions and payment, hidden when the server runs without them (BILLING=off). */
  billing?: true;
  /** A number shown as a badge beside the title when above 0. */
  count?: (profile: Profile) => number;
}

export interface MenuSection {
  header: string;
  items: MenuItem[];
}
