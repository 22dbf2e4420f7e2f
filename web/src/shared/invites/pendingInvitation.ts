const KEY = 'pendingInvitation';

/**
 * The token of an invitation link not answered yet (spec management §2), kept
 * locally so it survives signing up and verifying the e-mail.
 */
export const pendingInvitation = {
  get: (): string | null => localStorage.getItem(KEY),
  set: (token: string) => localStorage.setItem(KEY, token),
  clear: () => localStorage.removeItem(KEY),
};
