import { Alert, Anchor, Center, Loader, Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { inviteMessages } from '../../../../domain/invites/invitations.ts';
import { InvitationCard } from './InvitationCard';
import { invitesApi } from '../../shared/invites/invitesApi';
import { myInviteQueryOptions } from './myInvitesQueryOptions';
import { useAnswerInvitation } from './useAnswerInvitation';
import { PageTitle } from '../../shared/ui/PageTitle';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';

/** /invites/{id}: answer one of the user's invites, then back to the list (management §2). */
export function InviteDetailsPage({ inviteId }: { inviteId: string }) {
  const inviteQuery = myInviteQueryOptions(inviteId);
  const invite = useQuery(inviteQuery);
  const navigate = useNavigate();
  const answer = useAnswerInvitation({
    answer: (choice) => (choice === 'accept' ? invitesApi.acceptMine(inviteId) : invitesApi.declineMine(inviteId)),
    invitationKey: inviteQuery.queryKey,
    acceptedText: inviteMessages.accepted,
    declinedText: inviteMessages.declined,
    onAnswered: () => navigate({ to: '/inviteList' }),
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor size="sm" renderRoot={(props) => <Link to="/inviteList" {...props} />}>
          ← Invites
        </Anchor>
        <PageTitle>Invitation</PageTitle>
      </Stack>
      <Paper withBorder radius="md" p="lg" maw={560}>
        {invite.isPending ? (
          <Center py="lg">
            <Loader role="status" aria-label="Loading invitation" />
          </Center>
        ) : invite.isError ? (
          <LoadFailedAlert error={invite.error} />
        ) : invite.data.status !== 'pending' ? (
          <Alert color="yellow" variant="light">
            {inviteMessages.closed}
          </Alert>
        ) : (
          <InvitationCard
            invitation={invite.data}
            answering={answer.isPending ? (answer.variables ?? null) : null}
            onAccept={() => answer.mutate('accept')}
            onDecline={() => answer.mutate('decline')}
          />
        )}
      </Paper>
    </Stack>
  );
}
