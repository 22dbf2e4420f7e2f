import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import type { InvitationAnswer } from '../../shared/invites/Invitation';

type Answer = 'accept' | 'decline';

interface AnswerInvitationOptions {
  answer: (answer: Answer) => Promise<InvitationAnswer>;
  /** The invitation's own query, refetched when an answer fails (it may have expired meanwhile). */
  invitationKey: readonly unknown[];
  /** Notification texts (management §2 and §8 differ between the link page and the Invites page). */
  acceptedText: string;
  declinedText: string;
  onAnswered: (answer: Answer, result: InvitationAnswer) => Promise<void> | void;
}

/**
 * Accept or decline an invitation. The user's own data is refetched before
 * moving on, so the company joined is in their list on the next page.
 */
export function useAnswerInvitation({ answer, invitationKey, acceptedText, declinedText, onAnswered }: AnswerInvitationOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choice: Answer) => ({ choice, result: await answer(choice) }),
    onSuccess: async ({ choice, result }) => {
      notify.success(choice === 'accept' ? acceptedText : declinedText);
      await queryClient.invalidateQueries({ queryKey: ['me'] });
      await onAnswered(choice, result);
    },
    onError: (error) => {
      notify.error(errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: invitationKey });
    },
  });
}
