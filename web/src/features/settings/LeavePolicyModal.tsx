import { Button, Group, Modal, NumberInput, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_PAID_LEAVE_DAYS, settingsMessages } from '../../../../domain/settings/company-settings.ts';
import { FIRST_YEAR } from '../../../../domain/shared/calendar-day.ts';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import type { LeavePolicy } from './CompanySettings';
import { settingsApi } from './settingsApi';

interface LeavePolicyModalProps {
  companyId: string;
  opened: boolean;
  onClose: () => void;
  policies: readonly LeavePolicy[];
  currentYear: number;
}

/** The years a policy can be set for: the next one down to the earliest (management §9). */
const yearsUpTo = (latest: number) => Array.from({ length: latest - FIRST_YEAR + 1 }, (_, back) => String(latest - back));

const isPaidLeaveDays = (days: number | string) => typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= MAX_PAID_LEAVE_DAYS;

/** 'Annual Leave Policy Configuration' (Admins only): a year, the current one at first, and its paid leave days. */
export function LeavePolicyModal({ opened, onClose, ...props }: LeavePolicyModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Annual Leave Policy Configuration" centered>
      {/* Mounted only while open, so every opening starts from the policies as they are now. */}
      <LeavePolicyForm onClose={onClose} {...props} />
    </Modal>
  );
}

function LeavePolicyForm({ companyId, onClose, policies, currentYear }: Omit<LeavePolicyModalProps, 'opened'>) {
  const daysOf = (year: number): number | string => policies.find((policy) => policy.year === year)?.paidLeaveDays ?? '';
  const form = useForm<{ year: string; paidLeaveDays: number | string }>({
    initialValues: { year: String(currentYear), paidLeaveDays: daysOf(currentYear) },
    validate: { paidLeaveDays: (days) => (isPaidLeaveDays(days) ? null : settingsMessages.paidLeaveDaysInvalid) },
  });
  const save = useCompanyCommand(
    companyId,
    ({ year, paidLeaveDays }: { year: number; paidLeaveDays: number }) => settingsApi.setLeavePolicy(companyId, year, paidLeaveDays),
    { errorTitle: 'Failed to update leave policy', onDone: onClose },
  );

  return (
    <form noValidate onSubmit={form.onSubmit(({ year, paidLeaveDays }) => save.mutate({ year: Number(year), paidLeaveDays: Number(paidLeaveDays) }))}>
      <Stack>
        <Select
          label="Year"
          withAsterisk
          allowDeselect={false}
          data={yearsUpTo(currentYear + 1)}
          {...form.getInputProps('year')}
          onChange={(year) => {
            if (!year) return;
            form.setValues({ year, paidLeaveDays: daysOf(Number(year)) });
          }}
        />
        <NumberInput
          label="Paid leave days"
          description="Per person, for the year"
          withAsterisk
          data-autofocus
          min={0}
          max={MAX_PAID_LEAVE_DAYS}
          allowDecimal={false}
          clampBehavior="none"
          allowNegative={false}
          {...form.getInputProps('paidLeaveDays')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
