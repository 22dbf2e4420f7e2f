import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** Where an invitation link lands (query `i` = invitation id); accepting arrives with invitations. */
export function InvitationPage() {
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Invitation
      </Title>
      <Text c="dimmed" size="sm">
        Invitation details are not available yet. Sign in or create an account with the invited email address to join
        later.
      </Text>
      <Text size="sm" ta="center">
        <Anchor renderRoot={(props) => <Link to="/auth/login" {...props} />}>Sign in</Anchor>
        {' · '}
        <Anchor renderRoot={(props) => <Link to="/auth/sign-up" {...props} />}>Sign up</Anchor>
      </Text>
    </Stack>
  );
}
