import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import { authApi } from './authApi';
import { validateNewPassword, validateConfirmPassword } from '../../../../domain/identity/validation.ts';
import { PageTitle } from '../../shared/ui/PageTitle';

interface ResetPasswordPageProps {
  userId: string | undefined;
  token: string | undefined;
}

export function ResetPasswordPage({ userId, token }: ResetPasswordPageProps) {
  const navigate = useNavigate();
  const form = useForm({
    // Whoever knew the old password may have made an API token: revoking them is the default.
    initialValues: { password: '', confirmPassword: '', revokeApiTokens: true },
    validate: {
      password: validateNewPassword,
      confirmPassword: (value, values) => validateConfirmPassword(values.password, value),
    },
  });

  const resetPassword = useMutation({
    mutationFn: authApi.resetPassword,
    onSuccess: ({ message }) => {
      notify.success(message);
      void navigate({ to: '/auth/login' });
    },
  });

  const requestNewLink = (
    <Anchor size="sm" renderRoot={(props) => <Link to="/auth/forgot-password" {...props} />}>
      Request a new link
    </Anchor>
  );

  return (
    <Stack gap="lg">
      <div>
        <PageTitle size="h3">
          Reset password
        </PageTitle>
        <Text c="dimmed" size="sm">
          Choose a new password for your account.
        </Text>
      </div>
      {!userId || !token ? (
        <Alert color="red" variant="light" title="Invalid link">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">This password reset link is incomplete. Open the link from your email again.</Text>
            {requestNewLink}
          </Stack>
        </Alert>
      ) : (
        <>
          {resetPassword.isError && (
            <Alert color="red" variant="light">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage(resetPassword.error)}</Text>
                {requestNewLink}
              </Stack>
            </Alert>
          )}
          <form
            noValidate
            onSubmit={form.onSubmit(({ password, revokeApiTokens }) => resetPassword.mutate({ userId, token, password, revokeApiTokens }))}
          >
            <Stack>
              <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('password')} />
              <PasswordInput
                label="Confirm password"
                autoComplete="new-password"
                {...form.getInputProps('confirmPassword')}
              />
              <Checkbox
                label="Also revoke my API tokens"
                description="Desktop agents must sign in again with a new token."
                {...form.getInputProps('revokeApiTokens', { type: 'checkbox' })}
              />
              <Button type="submit" fullWidth loading={resetPassword.isPending}>
                Reset password
              </Button>
            </Stack>
          </form>
        </>
      )}
      <Text size="sm" ta="center">
        <Anchor renderRoot={(props) => <Link to="/auth/login" {...props} />}>Back to sign in</Anchor>
      </Text>
    </Stack>
  );
}
