import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import { authApi } from './authApi';
import { validateLoginEmail } from '../../../../domain/identity/validation.ts';
import { PageTitle } from '../../shared/ui/PageTitle';

export function ForgotPasswordPage() {
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: validateLoginEmail },
  });

  const forgotPassword = useMutation({
    mutationFn: authApi.forgotPassword,
    onError: (error) => notify.error(errorMessage(error)),
  });

  return (
    <Stack gap="lg">
      <div>
        <PageTitle size="h3">
          Forgot password
        </PageTitle>
        <Text c="dimmed" size="sm">
          Enter the email address of your account and we will send you a link to reset your password.
        </Text>
      </div>
      {forgotPassword.isSuccess && (
        <Alert color="teal" variant="light">
          {forgotPassword.data.message}
        </Alert>
      )}
      <form noValidate onSubmit={form.onSubmit(({ email }) => forgotPassword.mutate({ email: email.trim() }))}>
        <Stack>
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <Button type="submit" fullWidth disabled={forgotPassword.isPending}>
            {forgotPassword.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor renderRoot={(props) => <Link to="/auth/login" {...props} />}>Back to sign in</Anchor>
      </Text>
    </Stack>
  );
}
