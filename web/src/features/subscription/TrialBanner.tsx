import { Alert, Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useNow } from '../../lib/useNow';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { subscriptionState } from './subscriptionState';

const closedKey = (companyId: string) => `timeledger.trialBannerClosed.${companyId}`;

/**
 * The trial warning of spec core §4 and §9: days left recomputed every minute;
 * once closed it stays closed for that company until the browser session ends.
 */
export function TrialBanner() {
  const company = useActiveCompany();
  const now = useNow(60_000);
  // sessionStorage does not notify; this re-renders after a close.
  const [closedNow, setClosedNow] = useState<readonly string[]>([]);

  if (!company) return null;
  const state = subscriptionState(company, now);
  if (state.kind !== 'trial' || state.daysLeft === null || state.daysLeft <= 0) return null;
  const { companyId } = company;
  if (closedNow.includes(companyId) || sessionStorage.getItem(closedKey(companyId)) === 'true') return null;

  const close = () => {
    sessionStorage.setItem(closedKey(companyId), 'true');
    setClosedNow((ids) => [...ids, companyId]);
  };

  return (
    <Alert color="yellow" variant="light" title="Free trial" withCloseButton closeButtonLabel="Close" onClose={close} mb="lg">
      The free trial of {company.companyName} ends in {state.daysLeft} {state.daysLeft === 1 ? 'day' : 'days'}.{' '}
      <Anchor size="sm" renderRoot={(props) => <Link to="/subscription" {...props} />}>
        Choose a Plan
      </Anchor>{' '}
      to keep tracking time after that.
    </Alert>
  );
}
