import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ApiError } from '../../lib/ApiError';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import { InvitationBanner } from '../../shared/invites/InvitationBanner';
import { useLinkedInvitation } from '../../shared/invites/useLinkedInvitation';
import { authApi } from './authApi';
import { UnverifiedEmailAlert } from './UnverifiedEmailAlert';
import { meQueryOptions } from '../../shared/identity/meQueryOptions';
import { useActiveTeamStore } from '../../shared/company/activeTeamStore';
import { validateLoginEmail, validateLoginPassword } from '../../../../domain/identity/validation.ts';
import { PageTitle } from '../../shared/ui/PageTitle';

export function LoginPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // An invitation link sends its invitee here as /auth/login?i={token}.
  const invitationToken = useSearch({ strict: false }).i;
  const invitation = useLinkedInvitation(invitationToken);
  const form = useForm({
    initialValues: { email: '', password: '', rememberMe: false },
    validate: { email: validateLoginEmail, password: validateLoginPassword },
  });

  // Set when a sign-in is refused for an unverified address.
  const [unverified, setUnverified] = useState<{ email: string; password: string } | null>(null);

  const login = useMutation({
    mutationFn: authApi.login,
    onMutate: () => setUnverified(null),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(meQueryOptions.queryKey, user);
      useActiveTeamStore.getState().forgetDeclined();
      void navigate(invitationToken ? { to: '/invitation', search: { i: invitationToken } } : { to: '/dashboard-team' });
    },
    onError: (error, { email, password }) => {
      if (error instanceof ApiError && error.status === 403) {
        notify.warning(error.message);
        setUnverified({ email, password });
      } else {
        notify.error(errorMessage(error));
      }
    },
  });

  return (
    <Stack gap="lg">
      <div>
        <PageTitle size="h3">
          Sign in
        </PageTitle>
        <Text c="dimmed" size="sm">
          Welcome back. Sign in to continue tracking time.
        </Text>
      </div>
      <InvitationBanner invitation={invitation.data} forRegistered action="Sign in to accept" />
      {unverified && <UnverifiedEmailAlert credentials={unverified} />}
      <form noValidate onSubmit={form.onSubmit((values) => login.mutate({ ...values, email: values.email.trim() }))}>
        <Stack>
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Group justify="space-between">
            <Checkbox label="Remember me" {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
            <Anchor size="sm" renderRoot={(props) => <Link to="/auth/forgot-password" {...props} />}>
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth disabled={login.isPending}>
            {login.isPending ? 'Loading...' : 'Sign in'}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Don&apos;t have an account?{' '}
        <Anchor renderRoot={(props) => <Link to="/auth/sign-up" {...props} />}>Sign up</Anchor>
      </Text>
    </Stack>
  );
}
