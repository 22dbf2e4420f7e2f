import { companySettings, type SettingsCommand } from '../../domain/settings/company-settings.ts';
import { companySettingsStream } from '../../domain/settings/events.ts';
import { yearOf } from '../../domain/shared/calendar-day.ts';
import { handleCommand } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore, LogPosition } from '../../eventstore/types.ts';
import { type CompanyAccess, companyToday } from '../access/membership.ts';

type Change<Type extends SettingsCommand['type']> = Omit<Extract<SettingsCommand, { type: Type }>, 'type' | 'companyId' | 'actor' | 'actorName'>;

export type SettingsService = ReturnType<typeof createSettingsService>;

/** A company's settings (management §2 /manage-settings): each change goes through the company-settings decider. */
export function createSettingsService({ store, now }: { store: EventStore; now: () => Date }) {
  /** The year it is in the company's time zone: the policy form's default, and the latest year but one a policy takes. */
  const currentYear = (access: CompanyAccess) => yearOf(companyToday(access, now()));

  async function run(access: CompanyAccess, command: SettingsCommand, metadata: EventMetadata): Promise<LogPosition | null> {
    const companyId = access.company.company_id;
    const { position } = await handleCommand(
      store,
      companySettingsStream(companyId),
      companySettings,
      command,
      { now: now(), currentYear: currentYear(access), today: companyToday(access, now()) },
      { ...metadata, companyId },
    );
    return position;
  }

  const by = (access: CompanyAccess) => ({ companyId: access.company.company_id, actor: access.actor, actorName: access.name });

  return {
    currentYear,
    setDailyThreshold: (access: CompanyAccess, { hours }: Change<'SetDailyThreshold'>, metadata: EventMetadata) =>
      run(access, { type: 'SetDailyThreshold', hours, ...by(access) }, metadata),
    setScreenshots: (access: CompanyAccess, { enabled }: Change<'SetScreenshots'>, metadata: EventMetadata) =>
      run(access, { type: 'SetScreenshots', enabled, ...by(access) }, metadata),
    setScreenshotRetention: (access: CompanyAccess, { days }: Change<'SetScreenshotRetention'>, metadata: EventMetadata) =>
      run(access, { type: 'SetScreenshotRetention', days, ...by(access) }, metadata),
    setLeavePolicy: (access: CompanyAccess, { year, paidLeaveDays }: Change<'SetLeavePolicy'>, metadata: EventMetadata) =>
      run(access, { type: 'SetLeavePolicy', year, paidLeaveDays, ...by(access) }, metadata),
    setTimesheetPeriod: (access: CompanyAccess, { rule }: Change<'SetTimesheetPeriod'>, metadata: EventMetadata) =>
      run(access, { type: 'SetTimesheetPeriod', rule: { kind: rule.kind, startDay: rule.startDay }, ...by(access) }, metadata),
    setTimesheetReminders: (access: CompanyAccess, { days }: Change<'SetTimesheetReminders'>, metadata: EventMetadata) =>
      run(access, { type: 'SetTimesheetReminders', days, ...by(access) }, metadata),
  };
}
