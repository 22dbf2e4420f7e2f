import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { workingTimeRulesMessages } from '../../../../domain/working-time/company-rules.ts';
import { MAX_HOLIDAY_NAME } from '../../../../domain/working-time/limits.ts';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import { formatDay } from '../../shared/format/formatDay';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { workingTimeApi, workingTimeQueries } from '../../shared/working-time/workingTimeApi';

interface CompanyHolidaysCardProps {
  companyId: string;
  year: number;
  /** Admins add and remove the company's own holidays. */
  canChange: boolean;
}

/** The year's holidays: the public ones where the company is, and the company's own, which Admins add and remove. */
export function CompanyHolidaysCard({ companyId, year, canChange }: CompanyHolidaysCardProps) {
  const holidays = useQuery(workingTimeQueries.holidays(companyId, year));
  const form = useForm<{ day: string | null; name: string }>({
    initialValues: { day: null, name: '' },
    validate: {
      day: (value) => (value ? null : workingTimeRulesMessages.holidayDayInvalid),
      name: (value) => (value.trim() && value.trim().length <= MAX_HOLIDAY_NAME ? null : workingTimeRulesMessages.holidayNameInvalid),
    },
  });
  const add = useCompanyCommand(companyId, ({ day, name }: { day: string | null; name: string }) => workingTimeApi.addHoliday(companyId, day!, name), { onDone: () => form.reset() });
  const remove = useCompanyCommand(companyId, (day: string) => workingTimeApi.removeHoliday(companyId, day));

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="settings-holidays">
      <Stack>
        <Title order={2} size="h4" id="settings-holidays">
          Holidays {year}
        </Title>
        {canChange && (
          <form noValidate onSubmit={form.onSubmit((values) => add.mutate(values))}>
            <Group align="flex-start" gap="sm">
              <DatePickerInput label="Day" placeholder="Pick a day" withAsterisk w={160} {...form.getInputProps('day')} />
              <TextInput label="Holiday name" withAsterisk maxLength={MAX_HOLIDAY_NAME} style={{ flex: 1, minWidth: 160 }} {...form.getInputProps('name')} />
              <Button type="submit" mt={25} loading={add.isPending}>
                Add holiday
              </Button>
            </Group>
          </form>
        )}
        {holidays.isError ? (
          <LoadFailedAlert error={holidays.error} />
        ) : !holidays.data ? (
          <Text size="sm" c="dimmed">
            Loading holidays…
          </Text>
        ) : holidays.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No holiday in {year}.
          </Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={`Holidays ${year}`}>
            {holidays.data.map((holiday) => (
              <Group key={holiday.day} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm">
                  {formatDay(holiday.day)}: {holiday.name}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Badge size="sm" variant="light" color={holiday.kind === 'company' ? 'grape' : 'gray'}>
                    {holiday.kind === 'company' ? 'Company' : 'Public'}
                  </Badge>
                  {canChange && holiday.kind === 'company' && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove.mutate(holiday.day)} aria-label={`Remove ${holiday.name}`}>
                      Remove
                    </Button>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
