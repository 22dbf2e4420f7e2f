import { Alert, Group, Loader, Text } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { useSubscriptionStanding } from './useSubscriptionStanding';

type CheckoutResult = 'success' | 'canceled';

/** While a payment is being confirmed, the subscription is asked for again this often (live changes usually come first). */
const CONFIRMING_POLL_MS = 5_000;

/** Stripe Checkout comes back with ?subscription=success or ?canceled=true (management §2); the router reads 'true' as true. */
function resultOf(search: Record<string, unknown>): CheckoutResult | null {
  if (search.subscription === 'success') return 'success';
  if (search.canceled === true || search.canceled === 'true') return 'canceled';
  return null;
}

/** The alert of a return from Stripe Checkout, on whichever page it lands; its query is then cleared, the alert stays until closed. */
export function CheckoutResultAlert() {
  const search = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  const navigate = useNavigate();
  const [shown, setShown] = useState<CheckoutResult | null>(null);
  const result = resultOf(search);

  useEffect(() => {
    if (!result) return;
    setShown(result);
    const url = new URL(window.location.href);
    url.searchParams.delete('subscription');
    url.searchParams.delete('canceled');
    void navigate({ href: `${url.pathname}${url.search}${url.hash}`, replace: true });
  }, [result, navigate]);

  if (!shown) return null;
  const close = () => setShown(null);
  if (shown === 'success') return <CheckoutConfirmation onClose={close} />;
  return (
    <Alert color="yellow" variant="light" withCloseButton closeButtonLabel="Close" onClose={close} mb="lg">
      Subscription was canceled.
    </Alert>
  );
}

/**
 * Back from a paid checkout. Stripe's webhook, not the browser's return, makes
 * the company active, and it may come a little later: until the billing API
 * reads active, the payment is being confirmed (and the trial banner below
 * stays true); then the spec's 'Subscription activated successfully!'.
 */
function CheckoutConfirmation({ onClose }: { onClose: () => void }) {
  const company = useActiveCompany();
  const standing = useSubscriptionStanding(company, { everyMs: CONFIRMING_POLL_MS, until: ({ kind }) => kind === 'active' });
  if (standing?.kind === 'active') {
    return (
      <Alert color="green" variant="light" withCloseButton closeButtonLabel="Close" onClose={onClose} mb="lg">
        Subscription activated successfully!
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" withCloseButton closeButtonLabel="Close" onClose={onClose} mb="lg" title="Confirming your payment">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Loader size="xs" mt={3} aria-hidden />
        <Text size="sm">
          Thank you! Your payment is being confirmed with Stripe.{' '}
          {company ? `${company.companyName} becomes active` : 'The subscription becomes active'} as soon as it is; this
          notice updates by itself.
        </Text>
      </Group>
    </Alert>
  );
}
