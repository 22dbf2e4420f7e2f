import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_MONITORING_MESSAGE } from '../../../../domain/monitoring/limits.ts';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import { performanceApi } from './performanceApi';

interface RequestMonitoringModalProps {
  companyId: string;
  /** The person to ask; null: closed. */
  person: { userId: string; name: string } | null;
  onClose: () => void;
}

/** 'Request Monitoring': an e-mail asking the person to enable the desktop agent, with an optional note. */
export function RequestMonitoringModal({ companyId, person, onClose }: RequestMonitoringModalProps) {
  return (
    <Modal opened={person !== null} onClose={onClose} title="Request Monitoring" centered>
      {/* Mounted only while open, so every opening starts with an empty note. */}
      {person && <RequestMonitoringForm companyId={companyId} person={person} onClose={onClose} />}
    </Modal>
  );
}

function RequestMonitoringForm({ companyId, person, onClose }: { companyId: string; person: { userId: string; name: string }; onClose: () => void }) {
  const form = useForm({ initialValues: { message: '' } });
  const send = useCompanyCommand(companyId, (message: string) => performanceApi.requestMonitoring(companyId, person.userId, message), { onDone: onClose });
  return (
    <form noValidate onSubmit={form.onSubmit(({ message }) => send.mutate(message))}>
      <Stack>
        <Text size="sm">
          <Text span fw={600}>
            {person.name}
          </Text>{' '}
          will get an e-mail asking them to enable the Timeledger desktop agent, with a link to their profile, where they create its API token.
        </Text>
        <Textarea
          label="Message"
          description={`Optional, up to ${MAX_MONITORING_MESSAGE.toLocaleString('en-US')} characters`}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={MAX_MONITORING_MESSAGE}
          data-autofocus
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
