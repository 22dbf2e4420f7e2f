import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import type { CommandAnswer } from './CommandAnswer';
import { isCompanyGone } from './isCompanyGone';
import { useLeaveLostCompany } from './useLeaveLostCompany';

interface CompanyCommandOptions {
  /** Title of the error notification above the server's message. */
  errorTitle?: string;
  /** Runs after the change shows in the refetched data (commands answer once the read models include it). */
  onDone?: () => void;
}

/**
 * A change to the active company's teams or members: the server's message as a
 * notification, then the company's data refetched.
 */
export function useCompanyCommand<Variables, Answer extends CommandAnswer = CommandAnswer>(
  companyId: string,
  command: (variables: Variables) => Promise<Answer>,
  { errorTitle, onDone }: CompanyCommandOptions = {},
) {
  const queryClient = useQueryClient();
  const leaveLostCompany = useLeaveLostCompany();
  return useMutation({
    mutationFn: command,
    onSuccess: async ({ message }) => {
      notify.success(message);
      await queryClient.invalidateQueries({ queryKey: ['company', companyId] });
      onDone?.();
    },
    onError: (error) => {
      if (isCompanyGone(error)) {
        leaveLostCompany();
        return;
      }
      notify.error(errorMessage(error), errorTitle);
    },
  });
}
