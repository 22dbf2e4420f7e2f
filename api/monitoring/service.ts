import type { Kysely } from 'kysely';
import { dashboardMessages } from '../../domain/dashboards/access.ts';
import { monitoringStream } from '../../domain/monitoring/events.ts';
import { monitoringRequests } from '../../domain/monitoring/monitoring.ts';
import { notFound } from '../../domain/shared/errors.ts';
import { handleCommand } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore, LogPosition } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { type CompanyAccess, memberAccess } from '../access/membership.ts';
import type { Allowances } from '../limits/allowances.ts';
import { recipientLimit } from '../mail/recipient-limit.ts';

export type MonitoringService = ReturnType<typeof createMonitoringService>;

/**
 * 'Request Monitoring': asking a person by e-mail to enable the desktop agent
 * (at most once in 24 hours, decided on the person's monitoring stream; the
 * mail goes through the outbox and counts against the address's daily mails).
 */
export function createMonitoringService(deps: {
  store: EventStore;
  db: Kysely<Database>;
  now: () => Date;
  allowances: Allowances;
  mailsPerAddressPerDay: number;
}) {
  const { store, db, now } = deps;
  const mails = recipientLimit(deps.allowances, deps.mailsPerAddressPerDay);

  return {
    async requestMonitoring(access: CompanyAccess, userId: string, message: string | null, metadata: EventMetadata): Promise<LogPosition | null> {
      const companyId = access.company.company_id;
      const person = await memberAccess(db, companyId, userId);
      if (!person) throw notFound(dashboardMessages.personNotFound);
      const { position } = await mails.mailing(person.email, 'e-mails', () =>
        handleCommand(
          store,
          monitoringStream(companyId, person.userId),
          monitoringRequests,
          {
            type: 'RequestMonitoring',
            companyId,
            person: { userId: person.userId, name: person.name, email: person.email, role: person.role, teamIds: [...person.teamRoles.keys()] },
            message,
            actor: access.actor,
            actorName: access.name,
          },
          { now: now(), companyName: access.company.name },
          { ...metadata, companyId },
        ),
      );
      return position;
    },
  };
}
