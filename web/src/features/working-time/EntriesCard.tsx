import { Button, Group, Modal, NumberInput, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { mayRun } from '../../../../domain/members/authorization.ts';
import { accountMessages } from '../../../../domain/working-time/account.ts';
import { MAX_REASON } from '../../../../domain/working-time/limits.ts';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { formatDay } from '../../shared/format/formatDay';
import { formatDuration } from '../../shared/format/formatDuration';
import { formatBalance, type PersonWorkingTime, workingTimeApi } from '../../shared/working-time/workingTimeApi';

type Kind = 'correction' | 'payout';

/** Corrections and payouts of a person's balance, newest first; an Admin records them, each with its reason. */
export function EntriesCard({ company, account }: { company: CompanySummary; account: PersonWorkingTime }) {
  const canRecord = mayRun(company.role, 'CorrectBalance');
  const [recording, setRecording] = useState<Kind | null>(null);
  const entries = [...account.entries].reverse();

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="working-time-entries">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4" id="working-time-entries">
            Corrections and payouts
          </Title>
          {canRecord && (
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => setRecording('correction')}>
                Correct balance
              </Button>
              <Button size="xs" variant="light" onClick={() => setRecording('payout')}>
                Record payout
              </Button>
            </Group>
          )}
        </Group>
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            None recorded.
          </Text>
        ) : (
          entries.map((entry) => (
            <Text key={`${entry.at}-${entry.day}-${entry.kind}`} size="sm">
              {formatDay(entry.day)}: {entry.kind === 'payout' ? `${formatDuration(entry.minutes)} paid out` : `corrected by ${formatBalance(entry.minutes)}`} by {entry.byName}: {entry.reason}
            </Text>
          ))
        )}
      </Stack>
      {recording && <EntryModal company={company} account={account} kind={recording} onKind={setRecording} onClose={() => setRecording(null)} />}
    </Paper>
  );
}

interface EntryForm {
  day: string | null;
  direction: 'add' | 'take';
  hours: number | string;
  minutes: number | string;
  reason: string;
}

function EntryModal({ company, account, kind, onKind, onClose }: { company: CompanySummary; account: PersonWorkingTime; kind: Kind; onKind: (kind: Kind) => void; onClose: () => void }) {
  const form = useForm<EntryForm>({
    initialValues: { day: account.today, direction: 'add', hours: 1, minutes: 0, reason: '' },
    validate: {
      day: (value) => (value ? null : accountMessages.dayInvalid),
      reason: (value) => (value.trim() && value.trim().length <= MAX_REASON ? null : accountMessages.reasonInvalid),
    },
  });
  const save = useCompanyCommand(
    company.companyId,
    ({ day, direction, hours, minutes, reason }: EntryForm) => {
      const size = Number(hours) * 60 + Number(minutes);
      const values = { day: day!, reason, minutes: kind === 'correction' && direction === 'take' ? -size : size };
      return kind === 'payout' ? workingTimeApi.payOut(company.companyId, account.person.userId, values) : workingTimeApi.correct(company.companyId, account.person.userId, values);
    },
    { errorTitle: kind === 'payout' ? 'The payout was not recorded' : 'The correction was not recorded', onDone: onClose },
  );

  return (
    <Modal opened onClose={onClose} title={`${kind === 'payout' ? 'Payout' : 'Correction'} for ${account.person.name}`}>
      <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack>
          <SegmentedControl
            aria-label="Kind"
            value={kind}
            onChange={(value) => onKind(value as Kind)}
            data={[
              { value: 'correction', label: 'Correction' },
              { value: 'payout', label: 'Payout' },
            ]}
          />
          <DatePickerInput label="Day" withAsterisk maxDate={account.today} {...form.getInputProps('day')} />
          {kind === 'correction' && (
            <SegmentedControl
              aria-label="Direction"
              data={[
                { value: 'add', label: 'Add to balance' },
                { value: 'take', label: 'Take from balance' },
              ]}
              {...form.getInputProps('direction')}
            />
          )}
          <Group grow>
            <NumberInput label="Hours" min={0} max={1000} allowDecimal={false} {...form.getInputProps('hours')} />
            <NumberInput label="Minutes" min={0} max={59} allowDecimal={false} {...form.getInputProps('minutes')} />
          </Group>
          <Textarea label="Reason" withAsterisk autosize minRows={2} maxLength={MAX_REASON} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {kind === 'payout' ? 'Record payout' : 'Save correction'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
