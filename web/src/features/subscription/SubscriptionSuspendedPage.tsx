import { Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useProfile } from '../../shared/identity/useProfile';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { useSwitchCompany } from '../../shared/company/useSwitchCompany';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { billingDateFormat } from '../../shared/subscription/billingDateFormat';
import { PageTitle } from '../../shared/ui/PageTitle';
import { isClosed, type SubscriptionStanding } from './subscriptionStanding';
import { useSubscriptionStanding } from './useSubscriptionStanding';

interface SubscriptionSuspendedPageProps {
  /** The company named in the link; the active company when absent. */
  companyId: string | undefined;
}

const dateOf = (iso: string | null) => (iso ? billingDateFormat.format(new Date(iso)) : null);

/** The heading and sentence for each state, from the billing API (never from how the page was reached). */
function wording(standing: SubscriptionStanding, name: string): { title: string; text: string } {
  switch (standing.kind) {
    case 'suspended':
      return { title: 'Subscription Suspended', text: `The subscription of ${name} is suspended. Choose a plan to continue working in it.` };
    case 'trial-ended':
      return { title: 'Subscription Suspended', text: `The free trial of ${name} has ended. Choose a plan to continue working in it.` };
    case 'trial': {
      const ends = standing.daysLeft === null ? '' : ` It ends in ${standing.daysLeft} ${standing.daysLeft === 1 ? 'day' : 'days'}${standing.endsAt ? `, on ${dateOf(standing.endsAt)}` : ''}.`;
      return { title: 'Free trial', text: `${name} is on its free trial and can be used.${ends}` };
    }
    case 'active':
      return { title: 'Subscription active', text: `The subscription of ${name} is active.` };
    case 'past-due': {
      const until = dateOf(standing.until);
      return { title: 'Payment failed', text: `The last payment for ${name} failed. It stays open${until ? ` until ${until}` : ''} while the payment is tried again.` };
    }
    case 'cancelled': {
      const until = dateOf(standing.until);
      return { title: 'Subscription cancelled', text: `The subscription of ${name} is cancelled. It stays open${until ? ` until ${until}` : ' until its paid period ends'}.` };
    }
  }
}

/** /subscription-suspended (spec core §4): where the gate sends a locked company's users; any other state is said as it is. */
export function SubscriptionSuspendedPage({ companyId }: SubscriptionSuspendedPageProps) {
  const { companyList } = useProfile();
  const active = useActiveCompany();
  const company = companyList.find((entry) => entry.companyId === companyId) ?? active;
  const standing = useSubscriptionStanding(company);

  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto">
      <Center mih={260}>
        <Stack align="center" gap="md" maw={460}>
          {company === null ? (
            <Closed title="Subscription Suspended" text="The subscription of this company is suspended or its free trial has ended. Choose a plan to continue working in it." />
          ) : standing === undefined ? (
            <>
              <PageTitle ta="center">{company.companyName}</PageTitle>
              <Loader aria-label="Loading the subscription" />
            </>
          ) : isClosed(standing) ? (
            <Closed {...wording(standing, company.companyName)} otherCompanies={companyList.length > 1} />
          ) : (
            <Open {...wording(standing, company.companyName)} company={company} offersPlans={standing.kind !== 'active'} />
          )}
        </Stack>
      </Center>
    </Paper>
  );
}

function Closed({ title, text, otherCompanies = false }: { title: string; text: string; otherCompanies?: boolean }) {
  return (
    <>
      <PageTitle ta="center">{title}</PageTitle>
      <Text c="dimmed" ta="center">
        {text}
      </Text>
      {otherCompanies && (
        <Text size="sm" c="dimmed" ta="center">
          Your other companies stay available in the company switcher above.
        </Text>
      )}
      <ChoosePlanButton />
    </>
  );
}

/** A company its people may work in: say its state, and take them there. */
function Open({ title, text, company, offersPlans }: { title: string; text: ReactNode; company: CompanySummary; offersPlans: boolean }) {
  const switchCompany = useSwitchCompany();
  return (
    <>
      <PageTitle ta="center">{title}</PageTitle>
      <Text c="dimmed" ta="center">
        {text}
      </Text>
      <Group justify="center">
        <Button onClick={() => switchCompany(company)}>Open {company.companyName}</Button>
        {offersPlans && <ChoosePlanButton variant="default" />}
      </Group>
    </>
  );
}

function ChoosePlanButton({ variant }: { variant?: 'default' }) {
  return (
    <Button variant={variant} renderRoot={(props) => <Link to="/subscription" search={{ from: 'suspended' }} {...props} />}>
      Choose a Plan
    </Button>
  );
}
