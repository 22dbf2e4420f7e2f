import { Button, Group, Input, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { companyMessages } from '../../../../domain/companies/company.ts';
import { ApiError } from '../../lib/ApiError';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import { countries } from './countries';
import { browserTimeZone, timeZoneOptions } from '../../shared/company/timeZoneOptions';
import { useCreateCompany } from './useCreateCompany';
import { validateCompanyForm } from './validateCompanyForm';
import { workingTimeOptions } from './workingTimeOptions';
import { PageTitle } from '../../shared/ui/PageTitle';

const countryOptions = countries.map(({ name, code }) => ({ value: code, label: `${name} (${code})` }));

// A server refusal names the field it is about; anything else (e.g. 'Company already exists!') is about the name.
const fieldOfMessage = new Map<string, string>([
  [companyMessages.locationRequired, 'location'],
  [companyMessages.timeZoneRequired, 'timeZone'],
  [companyMessages.timeRangeRequired, 'workingTime'],
]);

/** /add-company: create a company (spec management §2 and §5). */
export function AddCompanyPage() {
  const createCompany = useCreateCompany();
  const form = useForm({
    initialValues: {
      name: '',
      location: null as string | null,
      timeZone: browserTimeZone() as string | null,
      workingTime: { start: null as string | null, end: null as string | null },
    },
    validate: validateCompanyForm,
  });

  const submit = form.onSubmit(({ name, location, timeZone, workingTime }) => {
    const country = countries.find((entry) => entry.code === location);
    createCompany.mutate(
      {
        name: name.trim(),
        location: country ? { country: country.name, code: country.code } : null,
        timeZone: timeZone ?? '',
        workingHours: workingTime.start && workingTime.end ? { start: workingTime.start, end: workingTime.end } : null,
      },
      {
        onError: (error) => {
          const message = errorMessage(error);
          notify.error(message);
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            form.setFieldError(fieldOfMessage.get(message) ?? 'name', message);
          }
        },
      },
    );
  });

  const timeError = form.errors.workingTime;
  // The error belongs to the pair, so a change of either end clears it.
  const timeInputProps = (end: 'start' | 'end') => {
    const props = form.getInputProps(`workingTime.${end}`, { withError: false });
    return {
      ...props,
      onChange: (value: string | null) => {
        props.onChange(value);
        form.clearFieldError('workingTime');
      },
    };
  };

  return (
    <Stack gap="lg">
      <div>
        <PageTitle size="h3">Create a company</PageTitle>
        <Text c="dimmed" size="sm">
          Your company holds your teams and their time. You become its Admin, and a 30-day free trial starts.
        </Text>
      </div>
      <form noValidate onSubmit={submit}>
        <Stack>
          <TextInput label="Company name" autoComplete="organization" withAsterisk {...form.getInputProps('name')} />
          <Select
            label="Location"
            placeholder="Search for a country"
            data={countryOptions}
            searchable
            nothingFoundMessage="No country matches"
            withAsterisk
            {...form.getInputProps('location')}
          />
          <Select
            label="Time zone"
            placeholder="Search for a time zone"
            data={timeZoneOptions()}
            searchable
            nothingFoundMessage="No time zone matches"
            withAsterisk
            {...form.getInputProps('timeZone')}
          />
          <Input.Wrapper label="Working time" withAsterisk error={timeError}>
            <Group grow gap="sm" mt={4}>
              <Select
                aria-label="Working time start"
                placeholder="Start"
                data={workingTimeOptions}
                searchable
                error={Boolean(timeError)}
                {...timeInputProps('start')}
              />
              <Select
                aria-label="Working time end"
                placeholder="End"
                data={workingTimeOptions}
                searchable
                error={Boolean(timeError)}
                {...timeInputProps('end')}
              />
            </Group>
          </Input.Wrapper>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" renderRoot={(props) => <Link to="/dashboard-team" search={{ select: '0' }} {...props} />}>
              May be Later
            </Button>
            <Button type="submit" loading={createCompany.isPending}>
              Create Company
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
