import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useMe } from '../shared/identity/useMe';
import { activeCompanyOf } from '../shared/company/activeCompanyOf';
import { useActiveCompanyStore } from '../shared/company/activeCompanyStore';
import { subscriptionState } from '../features/subscription/subscriptionState';
import { useNow } from '../lib/useNow';

/**
 * The guards run as a page loads, yet what they read can change while it
 * stays open: the profile (the session itself, a role, a company, its
 * subscription, all followed live) and the clock (a trial ends). Either change
 * runs them again. Observing the session here also keeps it refetched when
 * live updates invalidate it.
 */
export function useRecheckGuards() {
  const router = useRouter();
  const { data: profile } = useMe();
  const storedId = useActiveCompanyStore((state) => state.companyId);
  const now = useNow(60_000);
  const company = profile ? activeCompanyOf(profile.companyList, storedId) : null;
  const locked = company !== null && subscriptionState(company, now).kind === 'locked';
  const checked = useRef({ profile, locked });

  useEffect(() => {
    // No profile at all is a signing out (the cache is cleared) or a first load: nothing to check again.
    if (profile === undefined) return;
    if (checked.current.profile === profile && checked.current.locked === locked) return;
    checked.current = { profile, locked };
    void router.invalidate();
  }, [router, profile, locked]);
}
