import { Alert, Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { useSubscriptionStanding } from './useSubscriptionStanding';

const closedKey = (companyId: string) => `timeledger.trialBannerClosed.${companyId}`;

/**
 * The trial warning of spec core §4 and §9: days left recomputed every minute;
 * once closed it stays closed for that company until the browser session ends.
 * It reads the billing API, as the checkout notice above it does, so the two
 * never disagree.
 */
export function TrialBanner() {
  const company = useActiveCompany();
  const standing = useSubscriptionStanding(company);
  // sessionStorage does not notify; this re-renders after a close.
  const [closedNow, setClosedNow] = useState<readonly string[]>([]);

  if (!company || standing?.kind !== 'trial' || standing.daysLeft === null || standing.daysLeft <= 0) return null;
  const { companyId } = company;
  if (closedNow.includes(companyId) || sessionStorage.getItem(closedKey(companyId)) === 'true') return null;

  const close = () => {
    sessionStorage.setItem(closedKey(companyId), 'true');
    setClosedNow((ids) => [...ids, companyId]);
  };

  return (
    <Alert color="yellow" variant="light" title="Free trial" withCloseButton closeButtonLabel="Close" onClose={close} mb="lg">
      The free trial of {company.companyName} ends in {standing.daysLeft} {standing.daysLeft === 1 ? 'day' : 'days'}.{' '}
      <Anchor size="sm" renderRoot={(props) => <Link to="/subscription" {...props} />}>
        Choose a Plan
      </Anchor>{' '}
      to keep tracking time after that.
    </Alert>
  );
}
