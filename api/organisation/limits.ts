import { type Allowances, DAY_SECONDS, HOUR_SECONDS, type Limit } from '../limits/allowances.ts';
import { recipientLimit } from '../mail/recipient-limit.ts';

/**
 * How much one account, company, inviter and address may use: each bounds
 * the mail that one person can make the server send, whatever number of
 * companies they make. Absent: no such limit.
 */
export interface OrganisationLimitSettings {
  /** Companies one account may create in a day. */
  companiesPerDay?: number;
  /** Invitations one company may send in an hour. */
  invitesPerHour: number;
  /** Invitations one person may send in an hour, from all their companies together. */
  invitesPerPersonPerHour?: number;
  /** Invitation (and other requested) mails one address may be sent in a day, from all companies together. */
  mailsPerAddressPerDay?: number;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const limitMessages = {
  companies: (perDay: number) => `You can create at most ${plural(perDay, 'company', 'companies')} a day. Try again tomorrow.`,
  companyInvites: 'Too many invitations were sent from this company in the last hour. Please try again later.',
  personInvites: (perHour: number) => `You can send at most ${plural(perHour, 'invitation', 'invitations')} an hour. Please try again later.`,
};

const limit = (name: string, capacity: number | undefined, perSeconds: number, message: (capacity: number) => string): Limit | null =>
  capacity === undefined ? null : { name, capacity, perSeconds, message: message(capacity) };

/**
 * The organisation's limits, kept in `allowances` (api/limits) so that every
 * API process draws from the same ones. Without allowances (the operator's
 * command line, the demo data) nothing is limited.
 */
export function organisationLimits(allowances: Allowances | undefined, settings: OrganisationLimitSettings) {
  const companies = limit('companies-created', settings.companiesPerDay, DAY_SECONDS, limitMessages.companies);
  const companyInvites = limit('company-invites', settings.invitesPerHour, HOUR_SECONDS, () => limitMessages.companyInvites);
  const personInvites = limit('person-invites', settings.invitesPerPersonPerHour, HOUR_SECONDS, limitMessages.personInvites);
  const recipients = allowances && settings.mailsPerAddressPerDay !== undefined ? recipientLimit(allowances, settings.mailsPerAddressPerDay) : null;

  const take = async (bucket: Limit | null, subject: string, amount = 1) => {
    if (allowances && bucket && amount > 0) await allowances.take(bucket, subject, amount);
  };
  const giveBack = async (bucket: Limit | null, subject: string, amount = 1) => {
    if (allowances && bucket && amount > 0) await allowances.giveBack(bucket, subject, amount);
  };

  return {
    /** One of the account's companies of the day, or a 429. */
    takeCompany: (userId: string) => take(companies, userId),
    giveBackCompany: (userId: string) => giveBack(companies, userId),

    /**
     * The invitations a request mails, by address: from the company's hour,
     * the inviter's hour and each address's day, all or none (a 429 naming
     * what was spent: the company's, the inviter's, or the addresses).
     */
    async takeInvitations(companyId: string, inviterId: string, mailsTo: ReadonlyMap<string, number>): Promise<void> {
      const count = [...mailsTo.values()].reduce((sum, mails) => sum + mails, 0);
      await take(companyInvites, companyId, count);
      try {
        await take(personInvites, inviterId, count);
        try {
          await recipients?.take(mailsTo, 'invitations');
        } catch (error) {
          await giveBack(personInvites, inviterId, count);
          throw error;
        }
      } catch (error) {
        await giveBack(companyInvites, companyId, count);
        throw error;
      }
    },

    /** Gives back what takeInvitations took for invitations that were then not mailed. */
    async giveBackInvitations(companyId: string, inviterId: string, mailsTo: ReadonlyMap<string, number>): Promise<void> {
      const count = [...mailsTo.values()].reduce((sum, mails) => sum + mails, 0);
      await giveBack(companyInvites, companyId, count);
      await giveBack(personInvites, inviterId, count);
      for (const [email, mails] of mailsTo) await recipients?.giveBack(email, mails);
    },
  };
}
