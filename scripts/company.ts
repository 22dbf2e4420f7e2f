// Operator commands for a company, until billing exists:
//   npm run company -- status <companyId> active|suspended|trial [--trial-ends YYYY-MM-DD]
// Written as an event like any other change.
import { mailLinkKey } from '../api/identity/tokens.ts';
import { createOrganisationService } from '../api/organisation/service.ts';
import { loadJwtSecret } from '../api/secrets.ts';
import type { SubscriptionStatus } from '../domain/companies/events.ts';
import { DomainError } from '../domain/shared/errors.ts';
import { withOperatorDatabase } from './operator.ts';

const usage = 'Usage: npm run company -- status <companyId> active|suspended|trial [--trial-ends YYYY-MM-DD]';
const [action, companyId, status, flag, date] = process.argv.slice(2);
const statuses: SubscriptionStatus[] = ['active', 'suspended', 'trial'];
if (action !== 'status' || !companyId || !statuses.includes(status as SubscriptionStatus) || (flag && flag !== '--trial-ends')) {
  console.error(usage);
  process.exit(2);
}
const trialEnds = flag ? new Date(`${date}T23:59:59Z`) : null;
if (trialEnds && Number.isNaN(trialEnds.getTime())) {
  console.error(`Not a date: ${date}. ${usage}`);
  process.exit(2);
}

await withOperatorDatabase(2, async ({ config, db, store }) => {
  try {
    const organisation = createOrganisationService({
      store,
      db,
      linkKey: mailLinkKey(await loadJwtSecret(config.jwtSecret, config.dataDir)),
      invitesPerHour: config.invitesPerHour,
    });
    // A trial without a given end keeps the end it had, or runs 30 days from now.
    const current = await db.selectFrom('companies').select('trial_ends_at').where('company_id', '=', companyId).executeTakeFirst();
    const trialEndsAt =
      status === 'trial' ? (trialEnds ?? current?.trial_ends_at ?? new Date(Date.now() + 30 * 86_400_000)).toISOString() : (trialEnds?.toISOString() ?? null);
    await organisation.setSubscriptionStatus(companyId, status as SubscriptionStatus, trialEndsAt, { correlationId: `operator-${Date.now()}`, userId: 'operator' });
    console.log(`Company ${companyId} is now ${status}${trialEndsAt && status === 'trial' ? ` until ${trialEndsAt}` : ''}.`);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
});
