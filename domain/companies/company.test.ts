import { describe, expect, it } from 'vitest';
import { accessDenied } from '../members/roles.ts';
import { given } from '../shared/spec.ts';
import { company, companyMessages, companyNames, isLocked, trialDaysLeft, type CompanyCommand } from './company.ts';
import type { CompanyEvent, CompanyNamesEvent } from './events.ts';

const now = new Date('2026-03-01T10:00:00Z');
const DAY_MS = 86_400_000;
const companyId = '00000000-0000-4000-8000-0000000000c1';
const otherCompanyId = '00000000-0000-4000-8000-0000000000c2';
const createdBy = { userId: '00000000-0000-4000-8000-000000000001', name: 'Ada Lovelace', email: 'ada@example.com' };

/** The server's knowledge of IANA zones, as the edge supplies it. */
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
const context = { now, isTimeZone };

type CreateCompany = Extract<CompanyCommand, { type: 'CreateCompany' }>;
const create = (overrides: Partial<CreateCompany> = {}): CreateCompany => ({
  type: 'CreateCompany',
  companyId,
  name: '  Analytical Engines ',
  location: { country: ' United Kingdom ', code: 'GB' },
  timeZone: 'Europe/London',
  workingHours: { start: '09:00', end: '17:30' },
  createdBy,
  ...overrides,
});

const trialEndsAt = '2026-03-31T10:00:00.000Z';
const created: CompanyEvent = {
  type: 'CompanyCreated',
  data: {
    companyId,
    name: 'Analytical Engines',
    location: { country: 'United Kingdom', code: 'GB' },
    timeZone: 'Europe/London',
    workingHours: { start: '09:00', end: '17:30' },
    createdBy,
    trialEndsAt,
  },
};

describe('company: creation', () => {
  it('creates the company with trimmed fields and a 30-day trial from now', () => {
    given(company, []).when(create(), context).then([created]);
  });

  it('does nothing when its creator repeats the creation', () => {
    given(company, [created]).when(create({ name: 'Another Name' }), context).then([]);
    given(company, [created]).when(create({ name: '' }), context).then([]);
  });

  it('refuses anyone else a company id that is taken', () => {
    given(company, [created])
      .when({ ...create(), createdBy: { userId: 'someone-else', name: 'Mallory', email: 'm@example.com' } }, context)
      .thenRefuses(companyMessages.duplicate);
  });

  it.each([
    ['an empty name', { name: '' }, companyMessages.nameRequired],
    ['a blank name', { name: '   ' }, companyMessages.nameRequired],
    ['a name of two letters', { name: 'Ab' }, companyMessages.nameTooShort],
    ['a name with fewer than three letters among digits', { name: 'A1 2 3' }, companyMessages.nameTooShort],
    ['no location', { location: null }, companyMessages.locationRequired],
    ['a blank country', { location: { country: '  ', code: 'GB' } }, companyMessages.locationRequired],
    ['a country code that is not ISO alpha-2', { location: { country: 'United Kingdom', code: 'gbr' } }, companyMessages.locationRequired],
    ['no time zone', { timeZone: '' }, companyMessages.timeZoneRequired],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, companyMessages.timeZoneRequired],
    ['no working hours', { workingHours: null }, companyMessages.timeRangeRequired],
    ['a start not in HH:mm', { workingHours: { start: '9:00', end: '17:00' } }, companyMessages.timeRangeRequired],
    ['an end past 23:59', { workingHours: { start: '09:00', end: '24:00' } }, companyMessages.timeRangeRequired],
    ['minutes past 59', { workingHours: { start: '09:60', end: '17:00' } }, companyMessages.timeRangeRequired],
    ['an equal start and end', { workingHours: { start: '09:00', end: '09:00' } }, companyMessages.timeRangeRequired],
  ] as [string, Partial<CreateCompany>, string][])('refuses %s', (_case, overrides, message) => {
    given(company, []).when(create(overrides), context).thenRefuses(message);
  });

  it('checks the fields in form order: name, location, time zone, time range', () => {
    given(company, [])
      .when(create({ name: 'Ab', location: null, timeZone: '', workingHours: null }), context)
      .thenRefuses(companyMessages.nameTooShort);
    given(company, [])
      .when(create({ location: null, timeZone: '', workingHours: null }), context)
      .thenRefuses(companyMessages.locationRequired);
    given(company, []).when(create({ timeZone: 'Nowhere/Town', workingHours: null }), context).thenRefuses(companyMessages.timeZoneRequired);
  });

  it('accepts working hours that cross midnight', () => {
    const [event] = given(company, []).when(create({ workingHours: { start: '22:00', end: '06:00' } }), context).events();
    expect(event).toMatchObject({ type: 'CompanyCreated', data: { workingHours: { start: '22:00', end: '06:00' } } });
  });
});

describe('company: subscription status', () => {
  const operator = { kind: 'operator' } as const;

  it('is set only by the operator', () => {
    const admin = { kind: 'member', userId: companyId, companyId, role: 'Admin', managedTeams: new Set<string>() } as const;
    given(company, [created]).when({ type: 'SetSubscriptionStatus', status: 'active', trialEndsAt: null, authority: admin }, context).thenRefuses(accessDenied);
  });

  it('records an active or suspended status', () => {
    given(company, [created])
      .when({ type: 'SetSubscriptionStatus', status: 'active', trialEndsAt: null, authority: operator }, context)
      .then([{ type: 'SubscriptionStatusSet', data: { companyId, status: 'active', trialEndsAt: null } }]);
    given(company, [created])
      .when({ type: 'SetSubscriptionStatus', status: 'suspended', trialEndsAt: null, authority: operator }, context)
      .then([{ type: 'SubscriptionStatusSet', data: { companyId, status: 'suspended', trialEndsAt: null } }]);
  });

  it('records a trial with its end', () => {
    given(company, [created])
      .when({ type: 'SetSubscriptionStatus', status: 'trial', trialEndsAt: '2026-04-15T00:00:00.000Z', authority: operator }, context)
      .then([{ type: 'SubscriptionStatusSet', data: { companyId, status: 'trial', trialEndsAt: '2026-04-15T00:00:00.000Z' } }]);
  });

  it('refuses a trial without an end', () => {
    given(company, [created])
      .when({ type: 'SetSubscriptionStatus', status: 'trial', trialEndsAt: null, authority: operator }, context)
      .thenRefuses('A trial needs its end date.');
  });

  it('refuses a company that does not exist', () => {
    given(company, [])
      .when({ type: 'SetSubscriptionStatus', status: 'active', trialEndsAt: null, authority: operator }, context)
      .thenRefuses(companyMessages.notFound);
  });
});

describe('company: unique names per creator', () => {
  const claimed: CompanyNamesEvent = { type: 'CompanyNameClaimed', data: { companyId, name: 'Analytical Engines' } };
  const claim = (name: string, id = otherCompanyId) => ({ type: 'ClaimCompanyName' as const, companyId: id, name });

  it('claims a new name, trimmed', () => {
    given(companyNames, [])
      .when(claim('  Analytical Engines ', companyId), { otherCompanyNames: [] })
      .then([claimed]);
  });

  it('refuses a name already claimed, regardless of case and surrounding spaces', () => {
    given(companyNames, [claimed]).when(claim('  ANALYTICAL engines '), { otherCompanyNames: [] }).thenRefuses(companyMessages.duplicate);
  });

  it('refuses a name among the creator’s other companies', () => {
    given(companyNames, [])
      .when(claim('difference engine'), { otherCompanyNames: ['Babbage Ltd', ' Difference Engine '] })
      .thenRefuses(companyMessages.duplicate);
  });

  it('does nothing when the same company claims its name again', () => {
    given(companyNames, [claimed]).when(claim('analytical engines', companyId), { otherCompanyNames: [] }).then([]);
  });

  it('allows a different name', () => {
    given(companyNames, [claimed])
      .when(claim('Difference Engine'), { otherCompanyNames: ['Babbage Ltd'] })
      .then([{ type: 'CompanyNameClaimed', data: { companyId: otherCompanyId, name: 'Difference Engine' } }]);
  });
});

describe('company: subscription gate', () => {
  const trialEnd = trialEndsAt;
  const at = (offsetMs: number) => new Date(Date.parse(trialEnd) + offsetMs);

  it('never locks an active company', () => {
    expect(isLocked({ status: 'active', trialEndsAt: null }, now)).toBe(false);
    expect(isLocked({ status: 'active', trialEndsAt: trialEnd }, at(365 * DAY_MS))).toBe(false);
  });

  it('locks an active subscription with an end once the end is reached', () => {
    expect(isLocked({ status: 'active', trialEndsAt: null, activeUntil: trialEnd }, at(-1))).toBe(false);
    expect(isLocked({ status: 'active', trialEndsAt: null, activeUntil: trialEnd }, at(0))).toBe(true);
    expect(isLocked({ status: 'active', trialEndsAt: null, activeUntil: null }, at(365 * DAY_MS))).toBe(false);
  });

  it('always locks a suspended company', () => {
    expect(isLocked({ status: 'suspended', trialEndsAt: null }, now)).toBe(true);
    expect(isLocked({ status: 'suspended', trialEndsAt: trialEnd }, now)).toBe(true);
  });

  it('locks a trial only once its end is reached', () => {
    expect(isLocked({ status: 'trial', trialEndsAt: trialEnd }, at(-1))).toBe(false);
    expect(isLocked({ status: 'trial', trialEndsAt: trialEnd }, at(0))).toBe(true);
    expect(isLocked({ status: 'trial', trialEndsAt: new Date(trialEnd) }, at(1))).toBe(true);
  });

  it('reads an unknown or missing status as a trial', () => {
    expect(isLocked({ status: null, trialEndsAt: trialEnd }, at(-1))).toBe(false);
    expect(isLocked({ status: null, trialEndsAt: trialEnd }, at(1))).toBe(true);
    expect(isLocked({ status: 'paused', trialEndsAt: trialEnd }, at(1))).toBe(true);
    expect(isLocked({ status: null, trialEndsAt: null }, now)).toBe(false);
  });
});

describe('company: trial days left', () => {
  const trialEnd = new Date(trialEndsAt);
  const before = (ms: number) => new Date(trialEnd.getTime() - ms);

  it('rounds the remaining time up to whole days', () => {
    expect(trialDaysLeft(trialEnd, before(29 * DAY_MS + 1))).toBe(30);
    expect(trialDaysLeft(trialEnd, before(30 * DAY_MS))).toBe(30);
    expect(trialDaysLeft(trialEnd.toISOString(), before(1))).toBe(1);
  });

  it('is 0 at the end and not positive after it', () => {
    expect(trialDaysLeft(trialEnd, trialEnd)).toBe(0);
    expect(trialDaysLeft(trialEnd, new Date(trialEnd.getTime() + 1))).toBeLessThanOrEqual(0);
  });

  it('counts 30 days for a company just created', () => {
    expect(trialDaysLeft(trialEndsAt, now)).toBe(30);
  });
});
