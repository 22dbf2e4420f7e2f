import { Button, Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { mayRun } from '../../../../domain/members/authorization.ts';
import { contractMessages, MAX_DAY_MINUTES } from '../../../../domain/working-time/targets.ts';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { formatDay } from '../../shared/format/formatDay';
import { formatDuration } from '../../shared/format/formatDuration';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { type PersonWorkingTime, WEEKDAY_NAMES, workingTimeApi } from '../../shared/working-time/workingTimeApi';

type Contract = PersonWorkingTime['contracts'][number];

const contractText = (contract: Contract) =>
  WEEKDAY_NAMES.map((name, i) => `${name} ${formatDuration(contract.weekdayMinutes[i])}`)
    .filter((_, i) => contract.weekdayMinutes[i] > 0)
    .join(', ') || 'No hours';
const spanText = (contract: Contract) => `From ${formatDay(contract.from)}${contract.until ? ` to ${formatDay(contract.until)}` : ', open-ended'}`;

/** A person's contracts: the hours of each weekday from a day on; set and removed by an Admin or a Head of their team. */
export function ContractCard({ company, account }: { company: CompanySummary; account: PersonWorkingTime }) {
  const canSet = mayRun(company.role, 'SetContract');
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState<Contract | null>(null);
  const remove = useCompanyCommand(company.companyId, (contract: Contract) => workingTimeApi.removeContract(company.companyId, account.person.userId, contract.from), {
    onDone: () => setRemoving(null),
  });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="working-time-contract">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4" id="working-time-contract">
            Contract
          </Title>
          {canSet && (
            <Button size="xs" variant="light" onClick={() => setEditing(true)}>
              Set contract
            </Button>
          )}
        </Group>
        {account.contracts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No contract: the company’s working days and daily target apply.
          </Text>
        ) : (
          account.contracts.map((contract) => (
            <Group key={contract.from} justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text size="sm" fw={600}>
                  {spanText(contract)}
                </Text>
                <Text size="sm">{contractText(contract)}</Text>
              </div>
              {canSet && (
                <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(contract)} aria-label={`Remove the contract ${spanText(contract).toLowerCase()}`}>
                  Remove
                </Button>
              )}
            </Group>
          ))
        )}
      </Stack>
      {canSet && <ContractModal company={company} account={account} opened={editing} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove contract"
        message={removing ? `${spanText(removing)}: ${contractText(removing)}. The company’s working days and daily target apply to its days again.` : ''}
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}

interface ContractForm {
  from: string | null;
  until: string | null;
  hours: (number | string)[];
}

const isDayHours = (hours: number | string) => typeof hours === 'number' && hours >= 0 && hours * 60 <= MAX_DAY_MINUTES;

function ContractModal({ company, account, opened, onClose }: { company: CompanySummary; account: PersonWorkingTime; opened: boolean; onClose: () => void }) {
  const form = useForm<ContractForm>({
    initialValues: { from: account.today, until: null, hours: [8, 8, 8, 8, 8, 0, 0] },
    validate: ({ from, until, hours }) => {
      const errors: Record<string, string> = {};
      if (!from) errors.from = 'Please choose the first day of the contract.';
      if (until && from && until < from) errors.until = contractMessages.untilBeforeFrom;
      hours.forEach((value, i) => {
        if (!isDayHours(value)) errors[`hours.${i}`] = contractMessages.dayTooLong;
      });
      return errors;
    },
  });
  const save = useCompanyCommand(
    company.companyId,
    ({ from, until, hours }: ContractForm) =>
      workingTimeApi.setContract(company.companyId, account.person.userId, from!, { until, weekdayMinutes: hours.map((value) => Math.round(Number(value) * 60)) }),
    { errorTitle: 'The contract was not saved', onDone: onClose },
  );
  const submit = form.onSubmit((values) => save.mutate(values));

  return (
    <Modal opened={opened} onClose={onClose} title={`Contract of ${account.person.name}`} size="lg">
      <form noValidate onSubmit={submit}>
        <Stack>
          <Group grow align="flex-start">
            <DatePickerInput label="From" withAsterisk placeholder="First day" {...form.getInputProps('from')} />
            <DatePickerInput label="Until" placeholder="Open-ended" clearable {...form.getInputProps('until')} />
          </Group>
          <Text size="sm">Hours of work each weekday; 0 for a day off.</Text>
          <SimpleGrid cols={{ base: 2, xs: 4, sm: 7 }}>
            {WEEKDAY_NAMES.map((name, i) => (
              <NumberInput key={name} label={name} min={0} max={24} step={0.5} decimalScale={2} clampBehavior="none" {...form.getInputProps(`hours.${i}`)} />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save contract
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
