import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errorMessage';
import { authApi } from './authApi';

interface UnverifiedEmailAlertProps {
  /** The credentials the refused sign-in was sent with: 'Send again' mails only to the one who knows the password. */
  credentials: { email: string; password: string };
}

/** Shown after a sign-in refused for an unverified address: the sign-up mail's link still works, and 'Send again' mails another. */
export function UnverifiedEmailAlert({ credentials }: UnverifiedEmailAlertProps) {
  const resend = useMutation({ mutationFn: authApi.resendVerification });

  return (
    <Alert color="yellow" variant="light" title="Please verify your email address.">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          We sent a verification link to {credentials.email} when you signed up. Open it to verify your address, then sign in.
        </Text>
        {resend.isSuccess && (
          <Text size="sm" fw={500}>
            {resend.data.message}
          </Text>
        )}
        {resend.isError && (
          <Text size="sm" fw={500}>
            {errorMessage(resend.error)}
          </Text>
        )}
        <Button size="xs" variant="light" loading={resend.isPending} onClick={() => resend.mutate(credentials)}>
          Send again
        </Button>
      </Stack>
    </Alert>
  );
}
