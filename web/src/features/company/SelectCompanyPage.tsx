import { Alert, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { errorMessage } from '../../lib/errorMessage';
import { SubscriptionBadge } from '../../shared/subscription/SubscriptionBadge';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { companiesQueryOptions } from './companiesQueryOptions';
import { selectionRequired } from './selectionRequired';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { useSwitchCompany } from '../../shared/company/useSwitchCompany';
import { PageTitle } from '../../shared/ui/PageTitle';

/** /select-company: pick the company to work in (spec management §2). */
export function SelectCompanyPage() {
  const companies = useQuery(companiesQueryOptions);
  const active = useActiveCompany();

  return (
    <Stack gap="lg">
      <div>
        <PageTitle size="h3">Select a company</PageTitle>
        <Text c="dimmed" size="sm">
          Choose the company you want to work in. You can switch at any time from the top bar.
        </Text>
      </div>
      {companies.isPending ? (
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Loading companies...</Text>
        </Group>
      ) : companies.isError ? (
        <Alert color="red" variant="light" title="Could not load your companies">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(companies.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void companies.refetch()} loading={companies.isFetching}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : companies.data.length === 0 ? (
        <Navigate to="/add-company" replace />
      ) : (
        <SelectCompanyForm companies={companies.data} initialCompanyId={active?.companyId ?? null} />
      )}
    </Stack>
  );
}

interface SelectCompanyFormProps {
  companies: CompanySummary[];
  initialCompanyId: string | null;
}

function SelectCompanyForm({ companies, initialCompanyId }: SelectCompanyFormProps) {
  const switchCompany = useSwitchCompany();
  const form = useForm({
    initialValues: { companyId: initialCompanyId },
    validate: { companyId: (value) => (value ? null : selectionRequired) },
  });
  const byId = new Map(companies.map((company) => [company.companyId, company]));
  const selected = form.values.companyId ? byId.get(form.values.companyId) : undefined;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ companyId }) => {
        const company = companyId ? byId.get(companyId) : undefined;
        if (company) switchCompany(company);
      })}
    >
      <Stack>
        <Select
          label="Company"
          placeholder="Select a company"
          data={companies.map((company) => ({ value: company.companyId, label: company.companyName }))}
          searchable
          nothingFoundMessage="No company matches"
          renderOption={({ option }) => (
            <Group justify="space-between" wrap="nowrap" w="100%">
              <Text size="sm" truncate>
                {option.label}
              </Text>
              <SubscriptionBadge status={byId.get(option.value)?.subscriptionStatus ?? ''} />
            </Group>
          )}
          rightSectionWidth={selected ? 110 : undefined}
          rightSection={selected ? <SubscriptionBadge status={selected.subscriptionStatus} /> : undefined}
          {...form.getInputProps('companyId')}
        />
        <Group justify="flex-end">
          <Button type="submit">Navigate</Button>
        </Group>
      </Stack>
    </form>
  );
}
