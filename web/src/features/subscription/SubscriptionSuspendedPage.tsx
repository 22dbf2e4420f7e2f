import { Button, Center, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useNow } from '../../lib/useNow';
import { useProfile } from '../../shared/identity/useProfile';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { useSwitchCompany } from '../../shared/company/useSwitchCompany';
import { subscriptionState } from './subscriptionState';
import { PageTitle } from '../../shared/ui/PageTitle';

interface SubscriptionSuspendedPageProps {
  /** The company named in the link; the active company when absent. */
  companyId: string | undefined;
}

/** Where the subscription gate sends a locked company's users (spec core §4). */
export function SubscriptionSuspendedPage({ companyId }: SubscriptionSuspendedPageProps) {
  const { companyList } = useProfile();
  const active = useActiveCompany();
  const switchCompany = useSwitchCompany();
  const now = useNow(60_000);
  const company = companyList.find((entry) => entry.companyId === companyId) ?? active;
  // Reactivated meanwhile (the profile follows live), or a link to a company that is fine.
  const open = company !== null && subscriptionState(company, now).kind !== 'locked';

  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto">
      <Center mih={260}>
        <Stack align="center" gap="md" maw={460}>
          <PageTitle ta="center">
            {open ? 'Subscription active' : 'Subscription Suspended'}
          </PageTitle>
          {open ? (
            <>
              <Text c="dimmed" ta="center">
                {company.companyName} can be used again.
              </Text>
              <Button onClick={() => switchCompany(company)}>Open {company.companyName}</Button>
            </>
          ) : (
            <>
              <Text c="dimmed" ta="center">
                {company
                  ? `The subscription of ${company.companyName} is suspended or its free trial has ended.`
                  : 'The subscription of this company is suspended or its free trial has ended.'}{' '}
                Choose a plan to continue working in it.
              </Text>
              {companyList.length > 1 && (
                <Text size="sm" c="dimmed" ta="center">
                  Your other companies stay available in the company switcher above.
                </Text>
              )}
              <Button renderRoot={(props) => <Link to="/subscription" search={{ from: 'suspended' }} {...props} />}>
                Choose a Plan
              </Button>
            </>
          )}
        </Stack>
      </Center>
    </Paper>
  );
}
