import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { CheckoutResultAlert } from './CheckoutResultAlert';
import { PaymentWarningBanner } from './PaymentWarningBanner';
import { TrialBanner } from './TrialBanner';
import { useCheckoutMode } from '../../shared/subscription/useCheckoutMode';

/** What the top of every page says about the subscription; nothing at all when billing is off (BILLING=off). */
export function SubscriptionBanner() {
  const company = useActiveCompany();
  const checkout = useCheckoutMode();
  if (checkout === 'off') return null;
  return (
    <>
      <CheckoutResultAlert />
      {company && checkout && <PaymentWarningBanner company={company} />}
      <TrialBanner />
    </>
  );
}
