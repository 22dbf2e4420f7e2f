import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_THRESHOLD_HOURS, settingsMessages } from '../../../../domain/settings/company-settings.ts';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import { formatHours } from './formatHours';
import { settingsApi } from './settingsApi';

interface ThresholdCardProps {
  companyId: string;
  hours: number;
}

const isThreshold = (hours: number | string) => typeof hours === 'number' && hours >= 1 && hours <= MAX_THRESHOLD_HOURS;

/** The current daily threshold and the form that changes it (management §5: a number of hours, at least 1). */
export function ThresholdCard({ companyId, hours }: ThresholdCardProps) {
  const form = useForm<{ hours: number | string }>({
    initialValues: { hours },
    validate: { hours: (value) => (isThreshold(value) ? null : settingsMessages.thresholdInvalid) },
  });
  const save = useCompanyCommand(companyId, (value: number) => settingsApi.setThreshold(companyId, value));

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h4">
          Daily Threshold
        </Title>
        <div>
          <Text size="sm" c="dimmed">
            Current threshold (hr)
          </Text>
          <Text fz={32} fw={700} lh={1.2}>
            {formatHours(hours)}
          </Text>
        </div>
        <Text size="sm" c="dimmed">
          A day with less working time counts as Working Hrs. Not Completed in Team Attendance.
        </Text>
        <form noValidate onSubmit={form.onSubmit((values) => save.mutate(Number(values.hours)))}>
          <Group align="flex-start" gap="sm">
            <NumberInput
              label="Threshold (hr)"
              withAsterisk
              min={1}
              max={MAX_THRESHOLD_HOURS}
              step={0.5}
              decimalScale={2}
              clampBehavior="none"
              w={120}
              {...form.getInputProps('hours')}
            />
            <Button type="submit" mt={25} loading={save.isPending}>
              Update Threshold
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
