import { redirect } from '@tanstack/react-router';
import { pageRule } from '../../../domain/members/page-access.ts';
import { activeCompanyOf } from '../shared/company/activeCompanyOf';
import { useActiveCompanyStore } from '../shared/company/activeCompanyStore';
import type { CompanySummary } from '../shared/company/CompanySummary';
import type { Profile } from '../shared/profile/Profile';
import { subscriptionPaths } from '../features/subscription/subscriptionPaths';
import { subscriptionState } from '../features/subscription/subscriptionState';

export interface MainPageContext {
  /** The active company, or null when none is (the pages then prompt to create or select one). */
  company: CompanySummary | null;
  /** The page is closed to the user's role in the active company: the access page shows in its place. */
  denied: boolean;
}

interface MainPageLoad {
  context: { profile: Profile };
  location: { pathname: string };
  /** The matched routes, the page opened last. */
  matches: readonly { fullPath: string }[];
}

/**
 * The guard of every main-layout page, from what the browser keeps (the
 * chosen company) and the profile: the active company, the subscription gate
 * (core §4: a suspended company, or a trial past its end, opens only the
 * subscription pages) and the page's roles (domain/members/page-access.ts).
 * Without an active company pages show their own prompt to create or select one.
 * A page closed to the role is not an error: the guard says so and the
 * access page is rendered instead (nothing thrown, so nothing logged).
 */
export function guardMainPage({ context: { profile }, location, matches }: MainPageLoad): MainPageContext {
  const company = activeCompanyOf(profile.companyList, useActiveCompanyStore.getState().companyId);
  if (!company) return { company, denied: false };

  if (subscriptionState(company, new Date()).kind === 'locked' && !subscriptionPaths.includes(location.pathname)) {
    throw redirect({ to: '/subscription-suspended', search: { companyId: company.companyId }, replace: true });
  }

  const rule = pageRule(matches[matches.length - 1].fullPath);
  const denied = rule !== undefined && !rule.roles.includes(company.role);
  if (denied && rule.otherwise) throw redirect({ to: rule.otherwise, replace: true });
  return { company, denied };
}
