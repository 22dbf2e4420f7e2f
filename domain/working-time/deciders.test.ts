import { describe, it } from 'vitest';
import type { Actor } from '../members/authorization.ts';
import { accessDenied } from '../members/roles.ts';
import { testActor } from '../members/test-actor.ts';
import { given } from '../shared/spec.ts';
import { accountMessages, workingTimeAccount } from './account.ts';
import { workingTimeRules, workingTimeRulesMessages } from './company-rules.ts';
import type { WorkingTimeAccountEvent, WorkingTimeRulesEvent } from './events.ts';
import { type Contract, contractMessages } from './targets.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const otherCompanyId = '00000000-0000-4000-8000-0000000000c2';
const teamId = '00000000-0000-4000-8000-0000000000a1';
const now = new Date('2026-03-10T04:00:00.000Z');
const at = now.toISOString();
const regions = ['BY', 'BE'];

const admin = testActor(companyId, '1', 'Admin');
const head = testActor(companyId, '2', 'Head', [teamId]);
const otherHead = testActor(companyId, '3', 'Head', ['00000000-0000-4000-8000-0000000000a2']);
const manager = testActor(companyId, '4', 'Manager', [teamId]);
const member = testActor(companyId, '5', 'Member');
const otherAdmin = testActor(otherCompanyId, '6', 'Admin');
const by = (who: Actor) => ({ userId: who.userId, name: `Name ${who.userId.slice(-1)}` });
const authored = (who: Actor) => ({ companyId, actor: who, actorName: by(who).name });

describe('working-time rules', () => {
  const context = { now, regions };
  const change = (who = admin) => ({ companyId, by: by(who), at });

  it('lets an Admin set the working days, in weekday order, and nobody else', () => {
    given(workingTimeRules, [])
      .when({ type: 'SetWorkingDays', days: [4, 1, 2, 3], ...authored(admin) }, context)
      .then([{ type: 'WorkingDaysSet', data: { ...change(), days: [1, 2, 3, 4] } }]);
    for (const who of [head, manager, member, otherAdmin]) given(workingTimeRules, []).when({ type: 'SetWorkingDays', days: [1], ...authored(who) }, context).thenRefuses(accessDenied);
    given(workingTimeRules, []).when({ type: 'SetWorkingDays', days: [1, 2, 3, 4, 5], ...authored(admin) }, context).then([]);
    for (const days of [[], [0], [8], [1.5]]) given(workingTimeRules, []).when({ type: 'SetWorkingDays', days, ...authored(admin) }, context).thenRefuses(workingTimeRulesMessages.workingDaysInvalid);
  });

  it('takes a daily target of 1 minute to 24 hours, or the threshold again', () => {
    const targetSet: WorkingTimeRulesEvent = { type: 'DailyTargetSet', data: { ...change(), minutes: 450 } };
    given(workingTimeRules, []).when({ type: 'SetDailyTarget', minutes: 450, ...authored(admin) }, context).then([targetSet]);
    given(workingTimeRules, [targetSet]).when({ type: 'SetDailyTarget', minutes: null, ...authored(admin) }, context).then([{ type: 'DailyTargetSet', data: { ...change(), minutes: null } }]);
    for (const minutes of [0, 1441, 7.5, -60]) given(workingTimeRules, []).when({ type: 'SetDailyTarget', minutes, ...authored(admin) }, context).thenRefuses(workingTimeRulesMessages.dailyTargetInvalid);
  });

  it("takes a region of the company's country only", () => {
    given(workingTimeRules, []).when({ type: 'SetHolidayRegion', region: 'BY', ...authored(admin) }, context).then([{ type: 'HolidayRegionSet', data: { ...change(), region: 'BY' } }]);
    given(workingTimeRules, []).when({ type: 'SetHolidayRegion', region: 'CA', ...authored(admin) }, context).thenRefuses(workingTimeRulesMessages.regionUnknown);
    given(workingTimeRules, []).when({ type: 'SetHolidayRegion', region: null, ...authored(admin) }, context).then([]);
  });

  it('adds a company holiday once a day, named, and removes one that is there', () => {
    const added: WorkingTimeRulesEvent = { type: 'CompanyHolidayAdded', data: { ...change(), day: '2026-12-24', name: 'Christmas Eve' } };
    given(workingTimeRules, []).when({ type: 'AddCompanyHoliday', day: '2026-12-24', name: ' Christmas Eve ', ...authored(admin) }, context).then([added]);
    given(workingTimeRules, [added]).when({ type: 'AddCompanyHoliday', day: '2026-12-24', name: 'Christmas Eve', ...authored(admin) }, context).then([]);
    given(workingTimeRules, [added]).when({ type: 'AddCompanyHoliday', day: '2026-12-24', name: 'Party', ...authored(admin) }, context).thenRefuses(workingTimeRulesMessages.holidayExists('2026-12-24'));
    given(workingTimeRules, []).when({ type: 'AddCompanyHoliday', day: '2026-02-30', name: 'Nope', ...authored(admin) }, context).thenRefuses(workingTimeRulesMessages.holidayDayInvalid);
    given(workingTimeRules, []).when({ type: 'AddCompanyHoliday', day: '2026-12-31', name: '  ', ...authored(admin) }, context).thenRefuses(workingTimeRulesMessages.holidayNameInvalid);
    given(workingTimeRules, [added]).when({ type: 'RemoveCompanyHoliday', day: '2026-12-24', ...authored(admin) }, context).then([{ type: 'CompanyHolidayRemoved', data: { ...change(), day: '2026-12-24' } }]);
    given(workingTimeRules, []).when({ type: 'RemoveCompanyHoliday', day: '2026-12-24', ...authored(admin) }, context).thenRefuses(workingTimeRulesMessages.holidayNotFound);
    given(workingTimeRules, [added]).when({ type: 'RemoveCompanyHoliday', day: '2026-12-24', ...authored(head) }, context).thenRefuses(accessDenied);
  });

  it('keeps at most 60 company holidays a year', () => {
    const days = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
    const history: WorkingTimeRulesEvent[] = days.map((day) => ({ type: 'CompanyHolidayAdded', data: { ...change(), day, name: 'Off' } }));
    given(workingTimeRules, history).when({ type: 'AddCompanyHoliday', day: '2026-06-01', name: 'Off', ...authored(admin) }, context).thenRefuses(workingTimeRulesMessages.holidaysFull);
    given(workingTimeRules, history)
      .when({ type: 'AddCompanyHoliday', day: '2027-01-01', name: 'Off', ...authored(admin) }, context)
      .then([{ type: 'CompanyHolidayAdded', data: { ...change(), day: '2027-01-01', name: 'Off' } }]);
  });

  it('sets the balance rules in range only', () => {
    const rules = { carryOverCapMinutes: 2_400, overtimeExpiryMonths: 6, idleCounts: false };
    given(workingTimeRules, []).when({ type: 'SetBalanceRules', ...rules, ...authored(admin) }, context).then([{ type: 'BalanceRulesSet', data: { ...change(), ...rules } }]);
    given(workingTimeRules, []).when({ type: 'SetBalanceRules', ...rules, carryOverCapMinutes: -1, ...authored(admin) }, context).thenRefuses(workingTimeRulesMessages.capInvalid);
    given(workingTimeRules, []).when({ type: 'SetBalanceRules', ...rules, overtimeExpiryMonths: 0, ...authored(admin) }, context).thenRefuses(workingTimeRulesMessages.expiryInvalid);
    given(workingTimeRules, []).when({ type: 'SetBalanceRules', carryOverCapMinutes: null, overtimeExpiryMonths: null, idleCounts: true, ...authored(admin) }, context).then([]);
  });
});

describe("a person's working-time account", () => {
  const userId = '00000000-0000-4000-8000-000000000009';
  const context = { now, today: '2026-03-10', regions, member: { role: 'Member' as const, teamIds: [teamId] } };
  const of = (who: Actor) => ({ ...authored(who), userId });
  const change = (who = admin) => ({ companyId, userId, by: by(who), at });
  const partTime: Contract = { from: '2026-03-11', until: null, weekdayMinutes: [360, 360, 360, 360, 0, 0, 0] };
  const contractSet = (contract = partTime, who = admin): WorkingTimeAccountEvent => ({ type: 'ContractSet', data: { ...change(who), contract: { ...contract, weekdayMinutes: [...contract.weekdayMinutes] } } });

  it("lets an Admin, or a Head of one of the person's teams, set a contract; nobody else", () => {
    for (const who of [admin, head]) given(workingTimeAccount, []).when({ type: 'SetContract', contract: partTime, ...of(who) }, context).then([contractSet(partTime, who)]);
    for (const who of [otherHead, manager, member, otherAdmin]) given(workingTimeAccount, []).when({ type: 'SetContract', contract: partTime, ...of(who) }, context).thenRefuses(accessDenied);
  });

  it('refuses a day over 24 hours and an overlap, and replaces a contract from the same day', () => {
    given(workingTimeAccount, []).when({ type: 'SetContract', contract: { ...partTime, weekdayMinutes: [1500, 0, 0, 0, 0, 0, 0] }, ...of(admin) }, context).thenRefuses(contractMessages.dayTooLong);
    const earlier = { from: '2026-01-01', until: '2026-03-31', weekdayMinutes: [480, 480, 480, 480, 480, 0, 0] };
    given(workingTimeAccount, [contractSet(earlier)]).when({ type: 'SetContract', contract: partTime, ...of(admin) }, context).thenRefuses(contractMessages.overlap(earlier));
    const longer = { ...partTime, weekdayMinutes: [420, 420, 420, 420, 0, 0, 0] };
    given(workingTimeAccount, [contractSet()]).when({ type: 'SetContract', contract: longer, ...of(admin) }, context).then([contractSet(longer)]);
    given(workingTimeAccount, [contractSet()]).when({ type: 'SetContract', contract: partTime, ...of(admin) }, context).then([]);
    given(workingTimeAccount, []).when({ type: 'SetContract', contract: { ...partTime, from: '2026-13-01' }, ...of(admin) }, context).thenRefuses(accountMessages.dayInvalid);
  });

  it('removes a contract that is there', () => {
    given(workingTimeAccount, [contractSet()]).when({ type: 'RemoveContract', from: '2026-03-11', ...of(admin) }, context).then([{ type: 'ContractRemoved', data: { ...change(), from: '2026-03-11' } }]);
    given(workingTimeAccount, []).when({ type: 'RemoveContract', from: '2026-03-11', ...of(admin) }, context).thenRefuses(accountMessages.notFound);
  });

  it('lets only an Admin correct a balance or pay overtime out, for a day begun, with a reason', () => {
    given(workingTimeAccount, [])
      .when({ type: 'CorrectBalance', day: '2026-03-09', minutes: -90, reason: ' Timer left running ', ...of(admin) }, context)
      .then([{ type: 'BalanceCorrected', data: { ...change(), day: '2026-03-09', minutes: -90, reason: 'Timer left running' } }]);
    given(workingTimeAccount, [])
      .when({ type: 'PayOutOvertime', day: '2026-03-10', minutes: 600, reason: 'March salary', ...of(admin) }, context)
      .then([{ type: 'OvertimePaidOut', data: { ...change(), day: '2026-03-10', minutes: 600, reason: 'March salary' } }]);
    given(workingTimeAccount, []).when({ type: 'CorrectBalance', day: '2026-03-09', minutes: 30, reason: 'x', ...of(head) }, context).thenRefuses(accessDenied);
    given(workingTimeAccount, []).when({ type: 'CorrectBalance', day: '2026-03-11', minutes: 30, reason: 'x', ...of(admin) }, context).thenRefuses(accountMessages.futureDay);
    given(workingTimeAccount, []).when({ type: 'CorrectBalance', day: '2026-03-09', minutes: 0, reason: 'x', ...of(admin) }, context).thenRefuses(accountMessages.minutesInvalid);
    given(workingTimeAccount, []).when({ type: 'PayOutOvertime', day: '2026-03-09', minutes: -30, reason: 'x', ...of(admin) }, context).thenRefuses(accountMessages.payoutInvalid);
    given(workingTimeAccount, []).when({ type: 'CorrectBalance', day: '2026-03-09', minutes: 30, reason: '   ', ...of(admin) }, context).thenRefuses(accountMessages.reasonInvalid);
  });

  it("sets the person's holiday region within the company's country", () => {
    given(workingTimeAccount, []).when({ type: 'SetPersonHolidayRegion', region: 'BE', ...of(head) }, context).then([{ type: 'PersonHolidayRegionSet', data: { ...change(head), region: 'BE' } }]);
    given(workingTimeAccount, []).when({ type: 'SetPersonHolidayRegion', region: 'XX', ...of(admin) }, context).thenRefuses(workingTimeRulesMessages.regionUnknown);
  });
});
