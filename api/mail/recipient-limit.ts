import { normalizeEmail } from '../../domain/identity/validation.ts';
import { RateLimitedError } from '../../domain/shared/errors.ts';
import { type Allowances, DAY_SECONDS, type Limit } from '../limits/allowances.ts';

/** What the mails to one address are about, in the refusal: 'invitations', 'e-mails'. */
export type MailsAbout = 'invitations' | 'e-mails';

export const tooManyMailsMessage = (addresses: string[], about: MailsAbout) =>
  `${addresses.join(', ')} ${addresses.length === 1 ? 'has' : 'have'} been sent too many ${about} today. Try again tomorrow.`;

/**
 * The mails people ask the server to send to someone else's address
 * (invitations, monitoring requests): at most `perDay` a day to one address,
 * whichever companies ask. The limits' table keeps the address hashed
 * (allowanceKey).
 */
export function recipientLimit(allowances: Allowances, perDay: number) {
  const limit: Limit = { name: 'mails-to-address', capacity: perDay, perSeconds: DAY_SECONDS, message: tooManyMailsMessage(['This address'], 'e-mails') };

  return {
    /**
     * Takes each address's mails, or none: a 429 naming every address that
     * has had too many today (and the latest time to try again).
     */
    async take(mails: ReadonlyMap<string, number>, about: MailsAbout): Promise<void> {
      const taken: [string, number][] = [];
      const refused: { email: string; retryAfterSeconds: number }[] = [];
      const giveBackTaken = async () => {
        for (const [email, amount] of taken) await allowances.giveBack(limit, normalizeEmail(email), amount);
      };
      try {
        for (const [email, amount] of mails) {
          if (amount <= 0) continue;
          try {
            await allowances.take(limit, normalizeEmail(email), amount);
            taken.push([email, amount]);
          } catch (error) {
            if (!(error instanceof RateLimitedError)) throw error;
            refused.push({ email, retryAfterSeconds: error.retryAfterSeconds });
          }
        }
      } catch (error) {
        await giveBackTaken();
        throw error;
      }
      if (refused.length === 0) return;
      await giveBackTaken();
      throw new RateLimitedError(
        tooManyMailsMessage(refused.map((refusal) => refusal.email), about),
        Math.max(...refused.map((refusal) => refusal.retryAfterSeconds)),
      );
    },

    /** Gives back what was taken for mails that were then not sent. */
    async giveBack(email: string, amount = 1): Promise<void> {
      if (amount > 0) await allowances.giveBack(limit, normalizeEmail(email), amount);
    },

    /** Runs a command that mails `email` once, within the address's day: refused first when it is spent, given back when the command fails. */
    async mailing<T>(email: string, about: MailsAbout, command: () => Promise<T>): Promise<T> {
      await this.take(new Map([[email, 1]]), about);
      try {
        return await command();
      } catch (error) {
        await this.giveBack(email);
        throw error;
      }
    },
  };
}

export type RecipientLimit = ReturnType<typeof recipientLimit>;
