import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { leaveStream } from '../../domain/leave/events.ts';
import { leave, type LeaveCommand, type LeaveContext, type LeaveForm, leaveMessages } from '../../domain/leave/leave.ts';
import { notFound } from '../../domain/shared/errors.ts';
import { isTimeZone, localDay } from '../../domain/time-tracking/local-days.ts';
import { handleCommand, uuidFrom } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { leavePolicies, visibleLeaveRequest } from '../../projections/leave/queries.ts';
import { requestDecider } from '../../projections/request-history/index.ts';
import { holidaysOfPeople } from '../../projections/working-time/queries.ts';
import { yearOf } from '../../domain/shared/calendar-day.ts';
import type { CompanyAccess } from '../access/membership.ts';
import { approverNow, teamsNow } from '../access/deciding-now.ts';

/** The facts of a command that needs none (deleting, declining, moving a request). */
export const noLeaveFacts: LeaveContext = { today: '', paidLeaveDays: () => null, assignee: () => undefined, requesterTeams: [], isHoliday: () => false };

export type LeaveService = ReturnType<typeof createLeaveService>;

export function createLeaveService({ store, db, now }: { store: EventStore; db: Kysely<Database>; now: () => Date }) {
  /**
   * The facts a decision on a person's requests needs: their today (in the
   * zone their browser sent, else the company's), the company's leave
   * policies (one a year), and whether the person named may be asked.
   */
  async function contextOf(access: CompanyAccess, requesterId: string, timeZone: string | null, assigneeId?: string): Promise<LeaveContext> {
    const companyId = access.company.company_id;
    const zone = timeZone && isTimeZone(timeZone) ? timeZone : access.company.time_zone;
    const today = localDay(now().toISOString(), zone);
    const year = yearOf(today);
    const [policies, assignee, holidays] = await Promise.all([
      leavePolicies(db, companyId),
      assigneeId ? requestDecider(db, companyId, { teamsOf: requesterId }, assigneeId) : undefined,
      // A request is for this year or another near it: their holidays of the years around.
      holidaysOfPeople(db, companyId, [requesterId], `${year - 1}-01-01`, `${year + 1}-12-31`),
    ]);
    const holidayDays = new Set(holidays.get(requesterId)!.map((holiday) => holiday.day));
    return {
      today,
      isHoliday: (day) => holidayDays.has(day),
      paidLeaveDays: (year) => policies.get(year) ?? null,
      assignee: (userId) => (assignee?.userId === userId ? assignee : undefined),
      requesterTeams: [],
    };
  }

  const run = (access: CompanyAccess, requesterId: string, command: LeaveCommand, context: LeaveContext, metadata: EventMetadata) => {
    const companyId = access.company.company_id;
    return handleCommand(store, leaveStream(companyId, requesterId), leave, command, context, { ...metadata, companyId });
  };

  const onStream = (access: CompanyAccess, userId: string) => ({ companyId: access.company.company_id, userId, actor: access.actor, actorName: access.name });

  /** A request the caller may see, and whose stream it is in; otherwise not found, as for one that does not exist. */
  async function requesterOf(access: CompanyAccess, requestId: string) {
    const found = await visibleLeaveRequest(db, access.actor, requestId);
    if (!found) throw notFound(leaveMessages.notFound);
    return found;
  }

  return {
    async request(access: CompanyAccess, form: LeaveForm, timeZone: string | null, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      // Derived from the key and the requester's stream: a retried request is the same request.
      const requestId = metadata.commandId ? uuidFrom(`leave:${companyId}:${access.userId}:${metadata.commandId}`) : randomUUID();
      const context = await contextOf(access, access.userId, timeZone, form.assigneeId);
      const { position } = await run(access, access.userId, { type: 'RequestLeave', ...onStream(access, access.userId), requestId, form }, context, metadata);
      return { requestId, position };
    },

    async edit(access: CompanyAccess, requestId: string, changes: Partial<LeaveForm>, timeZone: string | null, metadata: EventMetadata) {
      const { requesterId } = await requesterOf(access, requestId);
      const context = await contextOf(access, requesterId, timeZone, changes.assigneeId);
      const command: LeaveCommand = { type: 'EditLeaveRequest', ...onStream(access, requesterId), requestId, changes };
      return (await run(access, requesterId, command, context, metadata)).position;
    },

    async remove(access: CompanyAccess, requestId: string, metadata: EventMetadata) {
      const { requesterId } = await requesterOf(access, requestId);
      return (await run(access, requesterId, { type: 'DeleteLeaveRequest', ...onStream(access, requesterId), requestId }, noLeaveFacts, metadata)).position;
    },

    /**
     * The approver's rights over the requester are those of this moment (see
     * deciding-now.ts); approving also checks the paid leave balance against
     * the company's policy.
     */
    async process(access: CompanyAccess, requestId: string, answer: 'ApproveLeave' | 'DeclineLeave', comment: string, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      const { requesterId } = await requesterOf(access, requestId);
      const requesterTeams = await teamsNow(store, companyId, requesterId);
      const [facts, actor] = await Promise.all([
        answer === 'ApproveLeave' ? contextOf(access, requesterId, null) : noLeaveFacts,
        approverNow(store, companyId, access.userId, requesterTeams),
      ]);
      const command: LeaveCommand = { type: answer, ...onStream(access, requesterId), actor, requestId, comment };
      return (await run(access, requesterId, command, { ...facts, requesterTeams }, metadata)).position;
    },
  };
}
