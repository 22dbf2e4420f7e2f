import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { type BillingCycle, PLANS } from '../../../../domain/billing/plans.ts';
import { mayRun } from '../../../../domain/members/authorization.ts';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { PageTitle } from '../../shared/ui/PageTitle';
import { BillingCycleControl } from './BillingCycleControl';
import { BillingOffNotice } from '../../shared/subscription/BillingOffNotice';
import { PlanCard } from './PlanCard';
import { useCheckoutMode } from '../../shared/subscription/useCheckoutMode';
import { checkoutErrorMessage, useStartCheckout } from './useStartCheckout';

interface SubscriptionPageProps {
  /** 'suspended' when the user came from /subscription-suspended. */
  from: string | undefined;
}

/** /subscription: the plans of management §9; an Admin chooses one and pays on Stripe Checkout. */
export function SubscriptionPage({ from }: SubscriptionPageProps) {
  const company = useActiveCompany();
  const checkout = useCheckoutMode();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const start = useStartCheckout(company?.companyId ?? '');
  const mayChoose = company ? mayRun(company.role, 'StartCheckout') : false;

  const back =
    from === 'suspended' ? (
      <Button
        variant="default"
        renderRoot={(props) => (
          <Link to="/subscription-suspended" search={company ? { companyId: company.companyId } : {}} {...props} />
        )}
      >
        Back
      </Button>
    ) : (
      <Button variant="default" renderRoot={(props) => <Link to="/dashboard-team" {...props} />}>
        Back
      </Button>
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <PageTitle>Choose a Plan</PageTitle>
          {checkout !== 'off' && (
            <Text c="dimmed">Prices in US dollars per month. Pay each month, each quarter or once a year.</Text>
          )}
        </Stack>
        {back}
      </Group>
      {checkout === 'off' ? (
        <BillingOffNotice />
      ) : (
        <>
          {company && !mayChoose && (
            <Alert color="blue" title="Only Admins choose a plan">
              Please ask an Admin of {company.companyName} to choose a plan.
            </Alert>
          )}
          {start.isError && (
            <Alert color="red" title="Checkout did not start" withCloseButton closeButtonLabel="Close" onClose={start.reset}>
              {checkoutErrorMessage(start.error)}
            </Alert>
          )}
          <Group justify="center">
            <BillingCycleControl value={cycle} onChange={setCycle} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="lg">
            {PLANS.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                cycle={cycle}
                onChoose={mayChoose ? () => start.mutate({ plan: plan.id, cycle }) : undefined}
                choosing={!start.isIdle && !start.isError && start.variables?.plan === plan.id}
                // Once Stripe's page is on its way, the choice is made.
                disabled={start.isPending || start.isSuccess}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
