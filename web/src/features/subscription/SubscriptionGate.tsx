import { Navigate, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useNow } from '../../lib/useNow';
import { useActiveCompany } from '../company/useActiveCompany';
import { subscriptionPaths } from './subscriptionPaths';
import { subscriptionState } from './subscriptionState';

/**
 * Spec core §4: with the active company suspended, or its trial over, every
 * main page except the subscription pages sends the user to
 * /subscription-suspended. Re-checked every minute, so a trial ending while
 * a page is open closes it too.
 */
export function SubscriptionGate({ children }: { children: ReactNode }) {
  const company = useActiveCompany();
  const now = useNow(60_000);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  if (company && subscriptionState(company, now).kind === 'locked' && !subscriptionPaths.includes(pathname)) {
    return <Navigate to="/subscription-suspended" search={{ companyId: company.companyId }} replace />;
  }
  return <>{children}</>;
}
