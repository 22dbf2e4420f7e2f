import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../lib/errorMessage';
import { pendingInvitation } from '../../shared/invites/pendingInvitation';
import { authApi } from './authApi';
import { meQueryOptions } from '../../shared/identity/meQueryOptions';
import { PageTitle } from '../../shared/ui/PageTitle';

interface VerifyEmailPageProps {
  userId: string | undefined;
  token: string | undefined;
}

export function VerifyEmailPage({ userId, token }: VerifyEmailPageProps) {
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: authApi.verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });

  // A verification link works once; the ref keeps React's double effect run (StrictMode) from spending it twice.
  const started = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    if (started.current || !userId || !token) return;
    started.current = true;
    mutate({ userId, token });
  }, [mutate, userId, token]);

  // An invitee who opened their invitation link before signing up signs in to answer it (management §2).
  const invitationToken = pendingInvitation.get();
  const signInButton = (
    <Button
      fullWidth
      renderRoot={(props) => <Link to="/auth/login" search={invitationToken ? { i: invitationToken } : {}} {...props} />}
    >
      Sign in
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageTitle size="h3">
        Verify email
      </PageTitle>
      {!userId || !token ? (
        <Alert color="red" variant="light" title="Invalid link">
          This verification link is incomplete. Open the link from your email again.
        </Alert>
      ) : verify.isSuccess ? (
        <>
          <Alert color="teal" variant="light" title="Email verified">
            {verify.data.message}
          </Alert>
          {signInButton}
        </>
      ) : verify.isError ? (
        <Alert color="red" variant="light" title="Verification failed">
          {errorMessage(verify.error)}
        </Alert>
      ) : (
        <Center>
          <Stack align="center" gap="xs">
            <Loader role="status" aria-label="Loading" />
            <Text size="sm" c="dimmed">
              Verifying your email address...
            </Text>
          </Stack>
        </Center>
      )}
      <Text size="sm" ta="center">
        <Anchor renderRoot={(props) => <Link to="/" {...props} />}>Back to home</Anchor>
      </Text>
    </Stack>
  );
}
