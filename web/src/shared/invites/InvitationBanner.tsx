import { Alert } from '@mantine/core';
import type { LinkedInvitation } from './Invitation';
import { invitationSummary } from './invitationSummary';

interface InvitationBannerProps {
  invitation: LinkedInvitation | undefined;
  /** Login shows it to invitees who have an account, sign-up to those who do not (spec core §2). */
  forRegistered: boolean;
  action: string;
}

/** Who invited the visitor to what, above the sign-in or sign-up form. */
export function InvitationBanner({ invitation, forRegistered, action }: InvitationBannerProps) {
  if (!invitation || invitation.status !== 'pending' || invitation.registered !== forRegistered) return null;
  return (
    <Alert color="teal" variant="light" title={invitationSummary(invitation)}>
      {action}
    </Alert>
  );
}
