import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { inviteMessages } from '../../../../domain/invites/invitations.ts';
import { errorMessage } from '../../lib/errorMessage';
import { useMe } from '../../shared/identity/useMe';
import { useActiveCompanyStore } from '../../shared/company/activeCompanyStore';
import { InvitationCard } from './InvitationCard';
import { invitationQueryOptions } from '../../shared/invites/invitationQueryOptions';
import { invitesApi } from '../../shared/invites/invitesApi';
import { pendingInvitation } from '../../shared/invites/pendingInvitation';
import { useAnswerInvitation } from './useAnswerInvitation';
import { PageTitle } from '../../shared/ui/PageTitle';

interface InvitationPageProps {
  /** The token of the mailed link `/invitation?i={token}`. */
  token: string;
}

/** Where an invitation link lands (management §2): sends the visitor to sign in or up, or lets them answer. */
export function InvitationPage({ token }: InvitationPageProps) {
  const me = useMe();
  const invitationQuery = invitationQueryOptions(token);
  const invitation = useQuery(invitationQuery);
  const navigate = useNavigate();
  const setActiveCompany = useActiveCompanyStore((state) => state.setCompanyId);
  const answer = useAnswerInvitation({
    answer: (choice) => (choice === 'accept' ? invitesApi.acceptByToken(token) : invitesApi.declineByToken(token)),
    invitationKey: invitationQuery.queryKey,
    acceptedText: 'Invite accepted successfully',
    declinedText: 'Invite declined successfully',
    onAnswered: async (choice, { companyId }) => {
      pendingInvitation.clear();
      if (choice === 'accept') {
        setActiveCompany(companyId);
        await navigate({ to: '/dashboard-team', search: { cid: companyId } });
      } else {
        await navigate({ to: '/dashboard-team', search: { select: '1' } });
      }
    },
  });

  const isOpen = invitation.data?.status === 'pending';
  useEffect(() => {
    if (!invitation.data) return;
    if (isOpen) pendingInvitation.set(token);
    else pendingInvitation.clear();
  }, [invitation.data, isOpen, token]);

  if (me.isPending || invitation.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading invitation" />
      </Center>
    );
  }

  const signedIn = Boolean(me.data);

  if (invitation.isError) {
    return (
      <InvitationMessage title="Invitation" color="red" text={errorMessage(invitation.error)} signedIn={signedIn} />
    );
  }

  const { data } = invitation;
  if (!isOpen) {
    return <InvitationMessage title="Invitation Link is expired" color="yellow" signedIn={signedIn} joinNow />;
  }
  if (!me.data) {
    return data.registered ? (
      <Navigate to="/auth/login" search={{ i: token }} replace />
    ) : (
      <Navigate to="/auth/sign-up" search={{ i: token }} replace />
    );
  }
  if (me.data.email.toLowerCase() !== data.email.toLowerCase()) {
    return <InvitationMessage title="Invitation" color="red" text={inviteMessages.wrongAccount} signedIn />;
  }

  return (
    <Stack gap="md">
      <PageTitle size="h3">
        Invitation
      </PageTitle>
      <InvitationCard
        invitation={data}
        answering={answer.isPending ? (answer.variables ?? null) : null}
        onAccept={() => answer.mutate('accept')}
        onDecline={() => answer.mutate('decline')}
      />
    </Stack>
  );
}

interface InvitationMessageProps {
  title: string;
  color: string;
  text?: string;
  signedIn: boolean;
  /** Offer 'Join now' (sign up) to a visitor who is not signed in. */
  joinNow?: boolean;
}

function InvitationMessage({ title, color, text, signedIn, joinNow = false }: InvitationMessageProps) {
  return (
    <Stack gap="md">
      <PageTitle size="h3">
        {title}
      </PageTitle>
      {text && (
        <Alert color={color} variant="light">
          {text}
        </Alert>
      )}
      <Text size="sm" ta="center">
        {joinNow && !signedIn ? (
          <Anchor renderRoot={(props) => <Link to="/auth/sign-up" {...props} />}>Join now</Anchor>
        ) : (
          <Anchor renderRoot={(props) => <Link to="/" {...props} />}>Home</Anchor>
        )}
      </Text>
    </Stack>
  );
}
