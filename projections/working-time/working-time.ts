import type { Insertable } from 'kysely';
import { companyChanges } from '../../domain/shared/scope.ts';
import { DEFAULT_WORKING_TIME_RULES } from '../../domain/working-time/company-rules.ts';
import type { WorkingTimeEvent, WorkingTimeRulesEvent } from '../../domain/working-time/events.ts';
import type { WorkingTimeRulesTable } from '../database.ts';
import type { Projection, Scope } from '../projection.ts';

type RulesRow = Insertable<WorkingTimeRulesTable>;
type RuleEvent = Extract<WorkingTimeRulesEvent, { type: 'WorkingDaysSet' | 'DailyTargetSet' | 'HolidayRegionSet' | 'BalanceRulesSet' }>;

const RULE_EVENTS: readonly RuleEvent['type'][] = ['WorkingDaysSet', 'DailyTargetSet', 'HolidayRegionSet', 'BalanceRulesSet'];
const isRuleEvent = (event: WorkingTimeEvent): event is RuleEvent => (RULE_EVENTS as readonly string[]).includes(event.type);

const defaultRow = (companyId: string): RulesRow => {
  const { workingDays, dailyTargetMinutes, holidayRegion, balance } = DEFAULT_WORKING_TIME_RULES;
  return {
    company_id: companyId,
    working_days: [...workingDays],
    daily_target_minutes: dailyTargetMinutes,
    holiday_region: holidayRegion,
    carry_over_cap_minutes: balance.carryOverCapMinutes,
    overtime_expiry_months: balance.overtimeExpiryMonths,
    idle_counts: balance.idleCounts,
  };
};

function ruleColumns(event: RuleEvent): Partial<RulesRow> {
  switch (event.type) {
    case 'WorkingDaysSet':
      return { working_days: event.data.days };
    case 'DailyTargetSet':
      return { daily_target_minutes: event.data.minutes };
    case 'HolidayRegionSet':
      return { holiday_region: event.data.region };
    case 'BalanceRulesSet':
      return { carry_over_cap_minutes: event.data.carryOverCapMinutes, overtime_expiry_months: event.data.overtimeExpiryMonths, idle_counts: event.data.idleCounts };
  }
}

/**
 * Working time: each company's rules (one row, once it changed one) and
 * holidays, each person's contracts, holiday region, corrections and
 * payouts. Rules fold in memory and are written once per company a batch
 * touches; the rest, changes an Admin makes one at a time, are written as
 * they come.
 */
export const workingTimeProjection: Projection = {
  name: 'working-time',
  tables: ['working_time_rules', 'company_holidays', 'working_time_contracts', 'working_time_regions', 'working_time_entries'],
  handles: [...RULE_EVENTS, 'CompanyHolidayAdded', 'CompanyHolidayRemoved', 'ContractSet', 'ContractRemoved', 'PersonHolidayRegionSet', 'BalanceCorrected', 'OvertimePaidOut'],

  async apply(trx, recorded) {
    const scopes: Scope[] = [];
    const rules = new Map<string, RulesRow>();
    const ruleCompanies = [...new Set(recorded.map((r) => ({ type: r.type, data: r.data }) as WorkingTimeEvent).filter(isRuleEvent).map((e) => e.data.companyId))];
    if (ruleCompanies.length > 0) {
      for (const row of await trx.selectFrom('working_time_rules').selectAll().where('company_id', 'in', ruleCompanies).execute()) rules.set(row.company_id, row);
    }

    for (const { type, data, version } of recorded) {
      const event = { type, data } as WorkingTimeEvent;
      const { companyId } = event.data;
      scopes.push(...companyChanges(companyId, 'working-time'));
      if (isRuleEvent(event)) {
        rules.set(companyId, { ...(rules.get(companyId) ?? defaultRow(companyId)), ...ruleColumns(event) });
        continue;
      }
      switch (event.type) {
        case 'CompanyHolidayAdded':
          await trx
            .insertInto('company_holidays')
            .values({ company_id: companyId, day: event.data.day, name: event.data.name })
            .onConflict((oc) => oc.columns(['company_id', 'day']).doUpdateSet({ name: event.data.name }))
            .execute();
          scopes.push(...companyChanges(companyId, 'attendance'));
          break;
        case 'CompanyHolidayRemoved':
          await trx.deleteFrom('company_holidays').where('company_id', '=', companyId).where('day', '=', event.data.day).execute();
          scopes.push(...companyChanges(companyId, 'attendance'));
          break;
        case 'ContractSet': {
          const { userId, contract } = event.data;
          await trx
            .insertInto('working_time_contracts')
            .values({ company_id: companyId, user_id: userId, from_day: contract.from, until_day: contract.until, weekday_minutes: contract.weekdayMinutes })
            .onConflict((oc) => oc.columns(['company_id', 'user_id', 'from_day']).doUpdateSet({ until_day: contract.until, weekday_minutes: contract.weekdayMinutes }))
            .execute();
          break;
        }
        case 'ContractRemoved':
          await trx.deleteFrom('working_time_contracts').where('company_id', '=', companyId).where('user_id', '=', event.data.userId).where('from_day', '=', event.data.from).execute();
          break;
        case 'PersonHolidayRegionSet': {
          const { userId, region } = event.data;
          if (region === null) await trx.deleteFrom('working_time_regions').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
          else await trx.insertInto('working_time_regions').values({ company_id: companyId, user_id: userId, region }).onConflict((oc) => oc.columns(['company_id', 'user_id']).doUpdateSet({ region })).execute();
          scopes.push(...companyChanges(companyId, 'attendance'));
          break;
        }
        case 'BalanceCorrected':
        case 'OvertimePaidOut': {
          const { userId, day, minutes, reason, by, at } = event.data;
          await trx
            .insertInto('working_time_entries')
            .values({ company_id: companyId, user_id: userId, version, day, kind: event.type === 'BalanceCorrected' ? 'correction' : 'payout', minutes, reason, by_name: by.name, at: new Date(at) })
            .onConflict((oc) => oc.columns(['company_id', 'user_id', 'version']).doNothing())
            .execute();
          break;
        }
      }
    }

    if (rules.size > 0) {
      await trx
        .insertInto('working_time_rules')
        .values([...rules.values()])
        .onConflict((oc) =>
          oc.column('company_id').doUpdateSet((eb) => ({
            working_days: eb.ref('excluded.working_days'),
            daily_target_minutes: eb.ref('excluded.daily_target_minutes'),
            holiday_region: eb.ref('excluded.holiday_region'),
            carry_over_cap_minutes: eb.ref('excluded.carry_over_cap_minutes'),
            overtime_expiry_months: eb.ref('excluded.overtime_expiry_months'),
            idle_counts: eb.ref('excluded.idle_counts'),
          })),
        )
        .execute();
    }
    return scopes;
  },
};
