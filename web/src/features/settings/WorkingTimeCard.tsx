import { Button, Checkbox, Chip, Group, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { MAX_CARRY_OVER_MINUTES, MAX_EXPIRY_MONTHS } from '../../../../domain/working-time/limits.ts';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import { formatDuration } from '../../shared/format/formatDuration';
import { WEEKDAY_NAMES, type Weekday, workingTimeApi, type WorkingTimeRules } from '../../shared/working-time/workingTimeApi';

interface WorkingTimeCardProps {
  companyId: string;
  rules: WorkingTimeRules;
  /** Admins change the rules; the other managing roles read them. */
  canChange: boolean;
}

const WHOLE_COUNTRY = 'country';

/** The company's working days, daily target, public holidays' region and balance rules: what /working-time counts by. */
export function WorkingTimeCard({ companyId, rules, canChange }: WorkingTimeCardProps) {
  const [days, setDays] = useState<string[]>(rules.workingDays);
  const saveDays = useCompanyCommand(companyId, (chosen: Weekday[]) => workingTimeApi.setWorkingDays(companyId, chosen));
  const target = useForm<{ hours: number | string }>({ initialValues: { hours: rules.targetFollowsThreshold ? '' : rules.dailyTargetMinutes / 60 } });
  const saveTarget = useCompanyCommand(companyId, (hours: number | string) => workingTimeApi.setDailyTarget(companyId, hours === '' ? null : Math.round(Number(hours) * 60)));
  const saveRegion = useCompanyCommand(companyId, (region: string | null) => workingTimeApi.setHolidayRegion(companyId, region));
  const balance = useForm<{ capHours: number | string; expiryMonths: number | string; idleCounts: boolean }>({
    initialValues: {
      capHours: rules.carryOverCapMinutes === null ? '' : rules.carryOverCapMinutes / 60,
      expiryMonths: rules.overtimeExpiryMonths ?? '',
      idleCounts: rules.idleCounts,
    },
  });
  const saveBalance = useCompanyCommand(companyId, ({ capHours, expiryMonths, idleCounts }: typeof balance.values) =>
    workingTimeApi.setBalanceRules(companyId, {
      carryOverCapMinutes: capHours === '' ? null : Math.round(Number(capHours) * 60),
      overtimeExpiryMonths: expiryMonths === '' ? null : Number(expiryMonths),
      idleCounts,
    }),
  );
  const ordered = (chosen: string[]) => WEEKDAY_NAMES.filter((name) => chosen.includes(name));

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="settings-working-time">
      <Stack>
        <Title order={2} size="h4" id="settings-working-time">
          Working Time
        </Title>
        <Text size="sm">
          Each person’s balance on Working Time counts their worked time against these targets. A contract set on a person replaces them; a holiday has no target.
        </Text>
        <Stack gap={6}>
          <Text size="sm" fw={500} id="working-days-label">
            Working days
          </Text>
          <Chip.Group multiple value={days} onChange={setDays}>
            <Group gap="xs" role="group" aria-labelledby="working-days-label">
              {WEEKDAY_NAMES.map((name) => (
                <Chip key={name} value={name} disabled={!canChange} size="sm">
                  {name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {canChange && (
            <Group>
              <Button size="xs" onClick={() => saveDays.mutate(ordered(days) as Weekday[])} loading={saveDays.isPending}>
                Save working days
              </Button>
            </Group>
          )}
        </Stack>
        <form noValidate onSubmit={target.onSubmit(({ hours }) => saveTarget.mutate(hours))}>
          <Group align="flex-end" gap="sm">
            <NumberInput
              label="Daily target (hr)"
              description={rules.targetFollowsThreshold ? `Follows the daily threshold: ${formatDuration(rules.dailyTargetMinutes)}` : 'Empty: follow the daily threshold'}
              min={0}
              max={24}
              step={0.5}
              decimalScale={2}
              clampBehavior="none"
              disabled={!canChange}
              w={220}
              {...target.getInputProps('hours')}
            />
            {canChange && (
              <Button type="submit" size="sm" loading={saveTarget.isPending}>
                Save target
              </Button>
            )}
          </Group>
        </form>
        <Select
          label="Public holidays"
          description={`Those of ${rules.countryName}, and of a region of it if you choose one`}
          data={[{ value: WHOLE_COUNTRY, label: 'The whole country’s only' }, ...rules.regions.map((region) => ({ value: region.code, label: region.name }))]}
          value={rules.holidayRegion ?? WHOLE_COUNTRY}
          onChange={(value) => value && saveRegion.mutate(value === WHOLE_COUNTRY ? null : value)}
          allowDeselect={false}
          searchable
          disabled={!canChange || saveRegion.isPending}
          maw={320}
        />
        <form noValidate onSubmit={balance.onSubmit((values) => saveBalance.mutate(values))}>
          <Stack gap="xs">
            <Group align="flex-start" gap="sm" grow>
              <NumberInput
                label="Carry-over cap (hr)"
                description="Empty: no cap"
                min={0}
                max={MAX_CARRY_OVER_MINUTES / 60}
                allowDecimal={false}
                clampBehavior="none"
                disabled={!canChange}
                {...balance.getInputProps('capHours')}
              />
              <NumberInput
                label="Overtime expires after (months)"
                description="Empty: never"
                min={1}
                max={MAX_EXPIRY_MONTHS}
                allowDecimal={false}
                clampBehavior="none"
                disabled={!canChange}
                {...balance.getInputProps('expiryMonths')}
              />
            </Group>
            <Checkbox label="Idle time counts as worked" disabled={!canChange} {...balance.getInputProps('idleCounts', { type: 'checkbox' })} />
            {canChange && (
              <Group>
                <Button type="submit" size="xs" loading={saveBalance.isPending}>
                  Save balance rules
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
