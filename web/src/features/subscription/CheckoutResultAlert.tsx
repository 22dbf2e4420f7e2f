import { Alert } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

type CheckoutResult = 'success' | 'canceled';

const MESSAGES: Record<CheckoutResult, { color: string; text: string }> = {
  success: { color: 'green', text: 'Subscription activated successfully!' },
  canceled: { color: 'yellow', text: 'Subscription was canceled.' },
};

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
  const { color, text } = MESSAGES[shown];
  return (
    <Alert color={color} variant="light" withCloseButton closeButtonLabel="Close" onClose={() => setShown(null)} mb="lg">
      {text}
    </Alert>
  );
}
