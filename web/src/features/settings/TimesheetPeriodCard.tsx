import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PeriodKind } from '../../../../domain/timesheets/periods.ts';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import { formatDay } from '../../shared/format/formatDay';
import type { CompanySettings } from './CompanySettings';
import { settingsApi } from './settingsApi';

type Periods = CompanySettings['timesheetPeriods'];
type Rule = Periods['current'];

const KINDS: Record<PeriodKind, string> = {
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  semimonthly: 'Twice a month (1st–15th, 16th–last day)',
  monthly: 'Monthly',
};
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const KIND_OPTIONS = Object.entries(KINDS).map(([value, label]) => ({ value, label }));
const WEEKDAY_OPTIONS = WEEKDAYS.map((label, index) => ({ value: String(index + 1), label }));

const hasStartDay = (kind: string) => kind === 'weekly' || kind === 'biweekly';

/** A rule as a sentence: 'weekly from Monday', 'monthly'. */
function describeRule({ kind, startDay }: Rule): string {
  const name = KINDS[kind as PeriodKind]?.toLowerCase() ?? kind;
  return hasStartDay(kind) && startDay ? `${name}, starting on ${WEEKDAYS[startDay - 1]}` : name;
}

interface TimesheetPeriodCardProps {
  companyId: string;
  periods: Periods;
  /** Admins choose how periods are cut; the other managing roles read it. */
  canChoose: boolean;
}

/** How timesheet periods are cut, and for Admins the form that changes it from the next period on. */
export function TimesheetPeriodCard({ companyId, periods, canChoose }: TimesheetPeriodCardProps) {
  const shown = periods.next?.rule ?? periods.current;
  const [kind, setKind] = useState(shown.kind);
  const [startDay, setStartDay] = useState(String(shown.startDay ?? 1));
  const save = useCompanyCommand(companyId, (rule: Rule) => settingsApi.setTimesheetPeriod(companyId, rule));

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h4">
          Timesheet Periods
        </Title>
        <Text size="sm">Timesheets are {describeRule(periods.current)}.</Text>
        {periods.next && (
          <Text size="sm">
            From {formatDay(periods.next.from)}: {describeRule(periods.next.rule)}.
          </Text>
        )}
        {canChoose && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(hasStartDay(kind) ? { kind, startDay: Number(startDay) } : { kind });
            }}
          >
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                A change applies from the next period; the current one ends as it began.
              </Text>
              <Group align="flex-end" gap="sm">
                <Select label="Period" data={KIND_OPTIONS} value={kind} allowDeselect={false} onChange={(value) => value && setKind(value)} w={{ base: '100%', xs: 300 }} />
                {hasStartDay(kind) && (
                  <Select label="Starts on" data={WEEKDAY_OPTIONS} value={startDay} allowDeselect={false} onChange={(value) => value && setStartDay(value)} w={160} />
                )}
                <Button type="submit" loading={save.isPending}>
                  Save Period
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
