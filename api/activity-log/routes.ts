import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { dashboardMessages, visibleTeams } from '../../domain/dashboards/access.ts';
import { notFound } from '../../domain/shared/errors.ts';
import { parsePosition } from '../../eventstore/types.ts';
import { ACTIVITY_KINDS } from '../../projections/activity-log/index.ts';
import { activityLog } from '../../projections/activity-log/queries.ts';
import { dashboardPeople } from '../../projections/dashboards/queries.ts';
import { accessOf, inCompany } from '../http/access.ts';
import { type CompanyAccess, visiblePerson } from '../access/membership.ts';
import type { ApiContext } from '../http/context.ts';
import { CompanyParams, errorResponses, Id, Nullable } from '../http/schemas.ts';

/** A place in the log, as a page's `next` gives it. */
/** A log position as answers print it: where the next page starts. */
const Cursor = Type.String({ pattern: '^[0-9]{1,18}\\.[0-9]{1,18}$', maxLength: 37 });

const ActivityEntry = Type.Object({
  id: Type.String(),
  at: Type.String(),
  kind: Type.Enum(ACTIVITY_KINDS),
  actor: Type.Object({ userId: Nullable(Type.String()), name: Type.String() }),
  subjectUserId: Nullable(Type.String()),
  sentence: Type.String(),
});

/**
 * Whom the caller sees the activity of: everyone (null) for an Admin; else
 * the people of the dashboards' rule (a Head's or Manager's teams, and
 * themselves), and for Members and Clients themselves alone.
 */
async function peopleSeenBy(context: ApiContext, access: CompanyAccess): Promise<string[] | null> {
  const teams = visibleTeams(access.actor);
  if (teams === null) return null;
  if (teams.length === 0) return [access.userId];
  const people = await dashboardPeople(context.db, access.company.company_id, { userId: access.userId, teams });
  return people.map((person) => person.userId);
}

/** The activity log (management §2's /v2/activity-log): the company's events as sentences, read from the log. */
export function activityLogRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/companies/:companyId/activity-log',
      {
        config: { access: inCompany() },
        schema: {
          tags: ['activity'],
          summary:
            'The company’s activity, newest first, 50 at a time: an Admin sees all of it, a Head or Manager what concerns their teams’ people or was done by them, anyone else what they did or what concerns them',
          params: CompanyParams,
          querystring: Type.Object({
            userId: Type.Optional(Id),
            kind: Type.Optional(Type.Enum(ACTIVITY_KINDS)),
            before: Type.Optional(Cursor),
          }),
          response: { 200: Type.Object({ entries: Type.Array(ActivityEntry), next: Nullable(Type.String()) }), ...errorResponses },
        },
      },
      async (request) => {
        // Every role's page ('/v2/activity-log'): what each sees is narrowed below.
        const access = accessOf(request);
        const { userId, kind, before } = request.query;
        const people = await peopleSeenBy(context, access);
        // Someone the caller may not see answers like someone who does not exist; the list of those they see tells it without asking again.
        if (userId !== undefined) {
          if (people === null) await visiblePerson(context.db, access, userId);
          else if (!people.includes(userId)) throw notFound(dashboardMessages.personNotFound);
        }
        return activityLog(context.db, access.company.company_id, { userId: access.userId, people }, { userId, kind, before: before ? parsePosition(before)! : undefined });
      },
    );
  };
}
