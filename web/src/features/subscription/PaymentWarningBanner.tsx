import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { canOpen } from '../../shared/access/canOpen';
import { billingDateFormat } from '../../shared/subscription/billingDateFormat';
import { billingQueryOptions } from '../../shared/subscription/billingQueryOptions';

/** The warning of a failed payment (past_due): the company stays open until its paid period ends, then it is suspended. */
export function PaymentWarningBanner({ company }: { company: CompanySummary }) {
  const subscription = useQuery(billingQueryOptions.subscription(company.companyId)).data;
  if (!subscription?.paymentWarning) return null;
  const { nextPaymentAttempt, currentPeriodEnd } = subscription;

  return (
    <Alert color="red" variant="light" title="Payment failed" mb="lg">
      The last payment for {company.companyName} failed.
      {nextPaymentAttempt && ` It will be tried again on ${billingDateFormat.format(new Date(nextPaymentAttempt))}.`}
      {currentPeriodEnd && ` Unless it is paid, ${company.companyName} is suspended on ${billingDateFormat.format(new Date(currentPeriodEnd))}.`}{' '}
      {canOpen('/invoices', company.role) ? (
        <>
          Pay the open invoice on the{' '}
          <Anchor size="sm" renderRoot={(props) => <Link to="/invoices" {...props} />}>
            Invoices
          </Anchor>{' '}
          page.
        </>
      ) : (
        'Please tell an Admin of your company.'
      )}
    </Alert>
  );
}
