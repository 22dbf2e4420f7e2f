import { Button, Group, Stack, Text } from '@mantine/core';
import { formatExpiry } from './formatExpiry';
import type { Invitation } from '../../shared/invites/Invitation';
import { invitationSummary } from '../../shared/invites/invitationSummary';

interface InvitationCardProps {
  invitation: Invitation;
  answering: 'accept' | 'decline' | null;
  onAccept: () => void;
  onDecline: () => void;
}

/** Who invited the user to what, with Accept and Decline. */
export function InvitationCard({ invitation, answering, onAccept, onDecline }: InvitationCardProps) {
  return (
    <Stack gap="md">
      <Text>{invitationSummary(invitation)}.</Text>
      <Text size="sm" c="dimmed">
        Sent to {invitation.email} · valid until {formatExpiry(invitation.expiresAt)}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDecline} loading={answering === 'decline'} disabled={answering === 'accept'}>
          Decline
        </Button>
        <Button onClick={onAccept} loading={answering === 'accept'} disabled={answering === 'decline'}>
          Accept
        </Button>
      </Group>
    </Stack>
  );
}
