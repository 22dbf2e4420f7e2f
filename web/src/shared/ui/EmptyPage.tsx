import { Button, Center, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useProfile } from '../identity/useProfile';
import { useActiveCompany } from '../company/useActiveCompany';
import { PageTitle } from './PageTitle';

interface EmptyPageProps {
  title: string;
  /** What this page will hold, said honestly while it is not built (shown with an active company). */
  comingSoon?: string;
  /** What to say when the user has no active company. */
  noCompanyText?: string;
}

/** A page of the main layout whose content is not built yet: its title and an honest empty state. */
export function EmptyPage({
  title,
  comingSoon = 'This page is coming soon.',
  noCompanyText,
}: EmptyPageProps) {
  const { companyList } = useProfile();
  const company = useActiveCompany();
  const hasCompanies = companyList.length > 0;

  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <Paper withBorder radius="md" p="xl">
        <Center mih={220}>
          <Stack align="center" gap="md" maw={420}>
            {company ? (
              <Text c="dimmed" ta="center">
                {comingSoon}
              </Text>
            ) : (
              <>
                <Text c="dimmed" ta="center">
                  {noCompanyText ??
                    (hasCompanies
                      ? 'No company selected. Select one of your companies to see this page.'
                      : 'No company yet. Create a company to start tracking time.')}
                </Text>
                {hasCompanies ? (
                  <Button renderRoot={(props) => <Link to="/select-company" {...props} />}>Select Company</Button>
                ) : (
                  <Button renderRoot={(props) => <Link to="/add-company" {...props} />}>Create Company</Button>
                )}
              </>
            )}
          </Stack>
        </Center>
      </Paper>
    </Stack>
  );
}
