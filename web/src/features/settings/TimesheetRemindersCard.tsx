import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import { MAX_REMINDER_DAYS, REMINDER_HOUR } from '../../../../domain/timesheets/reminders.ts';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import { settingsApi } from './settingsApi';

interface TimesheetRemindersCardProps {
  companyId: string;
  /** Days after a period ends before reminders go out; null: none. */
  days: number | null;
  /** Admins choose when reminders go out; the other managing roles read it. */
  canChoose: boolean;
}

const OFF = 'off';
const waitLabel = (days: number) => (days === 0 ? 'The day after a period ends' : `${days} ${days === 1 ? 'day' : 'days'} after a period ends`);
const OPTIONS = [...Array.from({ length: MAX_REMINDER_DAYS + 1 }, (_, days) => ({ value: String(days), label: waitLabel(days) })), { value: OFF, label: 'Off' }];
const HOUR = `${String(REMINDER_HOUR).padStart(2, '0')}:00`;

/** When the company's people are reminded of timesheets they have not submitted, and approvers of those waiting for them. */
export function TimesheetRemindersCard({ companyId, days, canChoose }: TimesheetRemindersCardProps) {
  const save = useCompanyCommand(companyId, (chosen: number | null) => settingsApi.setTimesheetReminders(companyId, chosen));
  // While a change is saved, the form shows what was asked.
  const shown = save.isPending ? save.variables : days;

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h4">
          Timesheet Reminders
        </Title>
        <Text size="sm">
          Each person who has not submitted a period’s timesheet gets one e-mail, and each approver one list of the timesheets waiting for them, at {HOUR} in the
          company’s time zone.
        </Text>
        {canChoose ? (
          <Select
            label="Send reminders"
            data={OPTIONS}
            value={shown === null ? OFF : String(shown)}
            allowDeselect={false}
            disabled={save.isPending}
            onChange={(value) => value && save.mutate(value === OFF ? null : Number(value))}
            maw={300}
          />
        ) : (
          <Text size="sm">{days === null ? 'Reminders are off.' : `Reminders go out ${waitLabel(days).toLowerCase()}.`}</Text>
        )}
      </Stack>
    </Paper>
  );
}
