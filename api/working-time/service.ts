import type { Kysely } from 'kysely';
import { dashboardMessages } from '../../domain/dashboards/access.ts';
import { notFound } from '../../domain/shared/errors.ts';
import { type WorkingTimeAccountCommand, workingTimeAccount } from '../../domain/working-time/account.ts';
import { type WorkingTimeRulesCommand, workingTimeRules } from '../../domain/working-time/company-rules.ts';
import { workingTimeAccountStream, workingTimeRulesStream } from '../../domain/working-time/events.ts';
import { regionsOf } from '../../domain/working-time/holidays.ts';
import type { Contract } from '../../domain/working-time/targets.ts';
import { handleCommand } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore, LogPosition } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { type CompanyAccess, companyToday, memberAccess } from '../access/membership.ts';

export type WorkingTimeService = ReturnType<typeof createWorkingTimeService>;

/** Working time: the company's rules and holidays, and each person's contracts, region, corrections and payouts, each through its decider. */
export function createWorkingTimeService({ store, db, now }: { store: EventStore; db: Kysely<Database>; now: () => Date }) {
  /** The region codes of the company's country. */
  const regionCodes = (access: CompanyAccess) => regionsOf(access.company.location_code).map((region) => region.code);

  async function runRules(access: CompanyAccess, command: WorkingTimeRulesCommand, metadata: EventMetadata): Promise<LogPosition | null> {
    const companyId = access.company.company_id;
    const { position } = await handleCommand(store, workingTimeRulesStream(companyId), workingTimeRules, command, { now: now(), regions: regionCodes(access) }, { ...metadata, companyId });
    return position;
  }

  async function runAccount(access: CompanyAccess, command: WorkingTimeAccountCommand, metadata: EventMetadata): Promise<LogPosition | null> {
    const { companyId, userId } = command;
    const person = await memberAccess(db, companyId, userId);
    if (!person) throw notFound(dashboardMessages.personNotFound);
    const context = { now: now(), today: companyToday(access, now()), regions: regionCodes(access), member: { role: person.role, teamIds: [...person.teamRoles.keys()] } };
    const { position } = await handleCommand(store, workingTimeAccountStream(companyId, userId), workingTimeAccount, command, context, { ...metadata, companyId });
    return position;
  }

  /** Who acts and in which company: from the session, never the request's body. */
  const by = (access: CompanyAccess) => ({ companyId: access.company.company_id, actor: access.actor, actorName: access.name });
  /** Whose account: from the route. */
  const of = (access: CompanyAccess, userId: string) => ({ ...by(access), userId });

  return {
    regionCodes,
    setWorkingDays: (access: CompanyAccess, days: number[], metadata: EventMetadata) => runRules(access, { type: 'SetWorkingDays', days, ...by(access) }, metadata),
    setDailyTarget: (access: CompanyAccess, minutes: number | null, metadata: EventMetadata) => runRules(access, { type: 'SetDailyTarget', minutes, ...by(access) }, metadata),
    setHolidayRegion: (access: CompanyAccess, region: string | null, metadata: EventMetadata) => runRules(access, { type: 'SetHolidayRegion', region, ...by(access) }, metadata),
    addCompanyHoliday: (access: CompanyAccess, { day, name }: { day: string; name: string }, metadata: EventMetadata) =>
      runRules(access, { type: 'AddCompanyHoliday', day, name, ...by(access) }, metadata),
    removeCompanyHoliday: (access: CompanyAccess, day: string, metadata: EventMetadata) => runRules(access, { type: 'RemoveCompanyHoliday', day, ...by(access) }, metadata),
    setBalanceRules: (access: CompanyAccess, { carryOverCapMinutes, overtimeExpiryMonths, idleCounts }: BalanceRulesChange, metadata: EventMetadata) =>
      runRules(access, { type: 'SetBalanceRules', carryOverCapMinutes, overtimeExpiryMonths, idleCounts, ...by(access) }, metadata),

    setContract: (access: CompanyAccess, userId: string, { from, until, weekdayMinutes }: Contract, metadata: EventMetadata) =>
      runAccount(access, { type: 'SetContract', contract: { from, until, weekdayMinutes }, ...of(access, userId) }, metadata),
    removeContract: (access: CompanyAccess, userId: string, from: string, metadata: EventMetadata) => runAccount(access, { type: 'RemoveContract', from, ...of(access, userId) }, metadata),
    setPersonHolidayRegion: (access: CompanyAccess, userId: string, region: string | null, metadata: EventMetadata) =>
      runAccount(access, { type: 'SetPersonHolidayRegion', region, ...of(access, userId) }, metadata),
    correctBalance: (access: CompanyAccess, userId: string, { day, minutes, reason }: BalanceEntryChange, metadata: EventMetadata) =>
      runAccount(access, { type: 'CorrectBalance', day, minutes, reason, ...of(access, userId) }, metadata),
    payOutOvertime: (access: CompanyAccess, userId: string, { day, minutes, reason }: BalanceEntryChange, metadata: EventMetadata) =>
      runAccount(access, { type: 'PayOutOvertime', day, minutes, reason, ...of(access, userId) }, metadata),
  };
}

interface BalanceRulesChange {
  carryOverCapMinutes: number | null;
  overtimeExpiryMonths: number | null;
  idleCounts: boolean;
}

interface BalanceEntryChange {
  day: string;
  minutes: number;
  reason: string;
}
