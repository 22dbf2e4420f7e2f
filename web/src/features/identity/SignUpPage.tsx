import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import { InvitationBanner } from '../../shared/invites/InvitationBanner';
import { useLinkedInvitation } from '../../shared/invites/useLinkedInvitation';
import { authApi } from './authApi';
import {
  validateFullName,
  validateSignUpEmail,
  validateNewPassword,
  validateConfirmPassword,
  validateTermsAccepted,
} from '../../../../domain/identity/validation.ts';
import { PageTitle } from '../../shared/ui/PageTitle';

export function SignUpPage() {
  const navigate = useNavigate();
  // An invitation link sends a new invitee here as /auth/sign-up?i={token}.
  const invitationToken = useSearch({ strict: false }).i;
  const invitation = useLinkedInvitation(invitationToken);
  const form = useForm({
    initialValues: { fullName: '', email: '', password: '', confirmPassword: '', acceptPrivacy: false },
    validate: {
      fullName: validateFullName,
      email: validateSignUpEmail,
      password: validateNewPassword,
      confirmPassword: (value, values) => validateConfirmPassword(values.password, value),
      acceptPrivacy: validateTermsAccepted,
    },
  });

  const signUp = useMutation({
    mutationFn: authApi.signUp,
    onSuccess: ({ message }) => notify.success(message),
    onError: (error) => notify.error(errorMessage(error)),
    // Spec core §2: whatever the answer, the form resets and the user goes to sign in.
    onSettled: () => {
      form.reset();
      void navigate({ to: '/auth/login', search: invitationToken ? { i: invitationToken } : {} });
    },
  });

  // The invited address is the one to sign up with; once the invitation loads it fills an empty e-mail field.
  const invitedEmail = invitation.data && !invitation.data.registered ? invitation.data.email : null;
  const { getValues, setFieldValue } = form;
  useEffect(() => {
    if (invitedEmail && !getValues().email) setFieldValue('email', invitedEmail);
  }, [invitedEmail, getValues, setFieldValue]);

  return (
    <Stack gap="lg">
      <div>
        <PageTitle size="h3">
          Create your account
        </PageTitle>
        <Text c="dimmed" size="sm">
          Start tracking time with your team.
        </Text>
      </div>
      <InvitationBanner invitation={invitation.data} forRegistered={false} action="Create your account to accept" />
      <form
        noValidate
        onSubmit={form.onSubmit(({ fullName, email, password }) =>
          signUp.mutate({ fullName: fullName.trim(), email: email.trim(), password }),
        )}
      >
        <Stack>
          <TextInput label="Full name" autoComplete="name" {...form.getInputProps('fullName')} />
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordInput label="Confirm password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
          <Checkbox label="I accept the privacy policy" {...form.getInputProps('acceptPrivacy', { type: 'checkbox' })} />
          <Button type="submit" fullWidth loading={signUp.isPending}>
            Create account
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor renderRoot={(props) => <Link to="/auth/login" {...props} />}>Sign in</Anchor>
      </Text>
    </Stack>
  );
}
