import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wholeMinutes } from '../accounting/time.ts';
import { splitByLocalDay } from '../time-tracking/local-days.ts';
import { type BalanceDayFacts, type BalanceEntry, balancesFrom, dailyBalances, OPENING_STATE, monthOf, NO_BALANCE_LIMITS, periodBalances, weekOf } from './balance.ts';
import { isKnownPlace, publicHolidays, publicHolidaysBetween, regionsOf } from './holidays.ts';
import { type CompanyTargets, type Contract, contractMessages, contractProblem, dayTargetMinutes, workedMinutes } from './targets.ts';

const RUNS = { numRuns: 100 };
const HOUR = 60;
const FIVE_DAYS: CompanyTargets = { workingDays: [1, 2, 3, 4, 5], dailyTargetMinutes: 8 * HOUR };
const partTime: Contract = { from: '2026-03-11', until: null, weekdayMinutes: [6 * HOUR, 6 * HOUR, 6 * HOUR, 6 * HOUR, 0, 0, 0] };

/** Every day from one to another, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (const date = new Date(`${from}T00:00:00Z`); date.toISOString().slice(0, 10) <= to; date.setUTCDate(date.getUTCDate() + 1)) days.push(date.toISOString().slice(0, 10));
  return days;
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

describe('dayTargetMinutes', () => {
  it("gives the company's target on its working days, none on the week off or on a holiday", () => {
    const target = (day: string, holiday = false) => dayTargetMinutes(day, { company: FIVE_DAYS, contracts: [], holiday });
    expect(target('2026-03-09')).toBe(480);
    expect(target('2026-03-14')).toBe(0);
    expect(target('2026-03-09', true)).toBe(0);
    expect(dayTargetMinutes('2026-03-14', { company: { workingDays: [1, 2, 3, 4, 5, 6], dailyTargetMinutes: 300 }, contracts: [], holiday: false })).toBe(300);
  });

  it("follows a contract from its first day, in the middle of a week, and the company's rule before it", () => {
    const week = daysBetween('2026-03-09', '2026-03-15').map((day) => dayTargetMinutes(day, { company: FIVE_DAYS, contracts: [partTime], holiday: false }));
    // Mon and Tue under the company's rule; from Wed the part-time contract: 6 h Wed and Thu, nothing on Fri.
    expect(week).toEqual([480, 480, 360, 360, 0, 0, 0]);
  });

  it('keeps a target in hours on a day of a clock change, whatever the day lasts', () => {
    // 29 March 2026 is 23 hours long in Berlin and 25 October 25 hours: a Sunday each, so a seven-day contract.
    const everyDay: Contract = { from: '2026-01-01', until: null, weekdayMinutes: [420, 420, 420, 420, 420, 420, 420] };
    for (const day of ['2026-03-29', '2026-10-25']) {
      const seconds = splitByLocalDay(`${day}T00:00:00+01:00`, `${day}T23:59:59+02:00`, 'Europe/Berlin').reduce((sum, part) => sum + part.seconds, 0);
      expect(Math.abs(seconds - 24 * 3600)).toBeGreaterThanOrEqual(3600 - 60);
      expect(dayTargetMinutes(day, { company: FIVE_DAYS, contracts: [everyDay], holiday: false })).toBe(420);
    }
  });
});

describe('contractProblem', () => {
  const week = (hours: number[]) => hours.map((h) => h * HOUR);
  it('refuses a day over 24 hours, a week without seven days, an end before the start and an overlap', () => {
    expect(contractProblem({ from: '2026-01-01', until: null, weekdayMinutes: week([25, 0, 0, 0, 0, 0, 0]) }, [])).toBe(contractMessages.dayTooLong);
    expect(contractProblem({ from: '2026-01-01', until: null, weekdayMinutes: week([8, 8, 8]) }, [])).toBe(contractMessages.weekShape);
    expect(contractProblem({ from: '2026-01-01', until: null, weekdayMinutes: [-1, 0, 0, 0, 0, 0, 0] }, [])).toBe(contractMessages.weekShape);
    expect(contractProblem({ from: '2026-02-01', until: '2026-01-31', weekdayMinutes: week([8, 8, 8, 8, 8, 0, 0]) }, [])).toBe(contractMessages.untilBeforeFrom);
    const earlier: Contract = { from: '2026-01-01', until: '2026-03-31', weekdayMinutes: week([8, 8, 8, 8, 8, 0, 0]) };
    expect(contractProblem(partTime, [earlier])).toBe(contractMessages.overlap(earlier));
    expect(contractProblem({ ...partTime, from: '2026-04-01' }, [earlier])).toBeNull();
    expect(contractProblem({ from: '2025-01-01', until: '2025-12-31', weekdayMinutes: week([24, 0, 0, 0, 0, 0, 0]) }, [earlier, { ...partTime, from: '2026-04-01' }])).toBeNull();
  });
});

describe('workedMinutes', () => {
  it('counts tracked time, without idle unless the company counts it, and credits paid, sick and casual leave with the target', () => {
    const day = { trackedMinutes: 300, idleMinutes: 20, leave: null, targetMinutes: 480 };
    expect(workedMinutes(day, { idleCounts: true })).toBe(300);
    expect(workedMinutes(day, { idleCounts: false })).toBe(280);
    expect(workedMinutes({ ...day, trackedMinutes: 0, idleMinutes: 0, leave: 'PL' }, { idleCounts: true })).toBe(480);
    expect(workedMinutes({ ...day, trackedMinutes: 0, idleMinutes: 0, leave: 'SL' }, { idleCounts: true })).toBe(480);
    expect(workedMinutes({ ...day, trackedMinutes: 0, idleMinutes: 0, leave: 'L' }, { idleCounts: true })).toBe(0);
    // Leave on a day without a target (a holiday, the week off) credits nothing.
    expect(workedMinutes({ ...day, trackedMinutes: 0, idleMinutes: 0, leave: 'PL', targetMinutes: 0 }, { idleCounts: true })).toBe(0);
  });
});

describe('public holidays', () => {
  it("knows India's, a German state's and the United States' public holidays, and no observances", () => {
    const india = publicHolidays({ country: 'IN', region: null }, 2026);
    expect(india).toContainEqual({ day: '2026-01-26', name: 'Republic Day' });
    expect(india).toContainEqual({ day: '2026-10-02', name: 'Gandhi Jayanti' });
    const bavaria = publicHolidays({ country: 'DE', region: 'BY' }, 2026).map((holiday) => holiday.day);
    const berlin = publicHolidays({ country: 'DE', region: 'BE' }, 2026).map((holiday) => holiday.day);
    // Epiphany and Corpus Christi are holidays in Bavaria, not in Berlin; German Unity Day in both; Valentine's Day in neither.
    expect(bavaria).toEqual(expect.arrayContaining(['2026-01-06', '2026-06-04', '2026-10-03']));
    expect(berlin).not.toContain('2026-01-06');
    expect(berlin).toContain('2026-10-03');
    expect(bavaria).not.toContain('2026-02-14');
    const us = publicHolidays({ country: 'US', region: null }, 2026);
    expect(us).toContainEqual({ day: '2026-11-26', name: 'Thanksgiving Day' });
    expect(publicHolidaysBetween({ country: 'US', region: null }, '2026-07-01', '2026-07-31').map((holiday) => holiday.day)).toEqual(['2026-07-03', '2026-07-04']);
  });

  it('knows which places it has, and lists the regions of a country', () => {
    expect(isKnownPlace({ country: 'DE', region: 'BY' })).toBe(true);
    expect(isKnownPlace({ country: 'DE', region: 'XX' })).toBe(false);
    expect(isKnownPlace({ country: 'ZZ', region: null })).toBe(false);
    expect(publicHolidays({ country: 'ZZ', region: null }, 2026)).toEqual([]);
    expect(regionsOf('DE')).toContainEqual({ code: 'BY', name: expect.stringMatching(/Bayern|Bavaria/) });
  });
});

describe('dailyBalances', () => {
  const monthDays = (from: string, to: string, worked: (day: string) => number, target = 480): BalanceDayFacts[] =>
    daysBetween(from, to).map((day) => ({ day, targetMinutes: target, workedMinutes: worked(day) }));

  it('runs worked minus target on from day to day, with corrections and payouts on their day', () => {
    const days = monthDays('2026-03-01', '2026-03-03', () => 540);
    const entries: BalanceEntry[] = [
      { day: '2026-03-02', kind: 'correction', minutes: -30 },
      { day: '2026-03-03', kind: 'payout', minutes: 60 },
    ];
    expect(dailyBalances(days, entries, NO_BALANCE_LIMITS).map((day) => day.balanceMinutes)).toEqual([60, 90, 90]);
  });

  it('caps the overtime carried into the next month, and never a shortfall', () => {
    const rules = { carryOverCapMinutes: 600, overtimeExpiryMonths: null };
    const over = dailyBalances(monthDays('2026-02-01', '2026-03-02', () => 540), [], rules);
    const lastOfFebruary = over.find((day) => day.day === '2026-02-28')!;
    expect(lastOfFebruary).toMatchObject({ forfeitedMinutes: 28 * 60 - 600, balanceMinutes: 600 });
    expect(over.at(-1)!.balanceMinutes).toBe(720);
    const under = dailyBalances(monthDays('2026-02-01', '2026-02-28', () => 420), [], rules);
    expect(under.at(-1)).toMatchObject({ forfeitedMinutes: 0, balanceMinutes: -28 * 60 });
  });

  it('lets overtime expire so many months after the month it was earned, spending the oldest first', () => {
    const rules = { carryOverCapMinutes: null, overtimeExpiryMonths: 2 };
    // January earns 10 h, February spends 4 h of it, March earns 1 h: at the end of March, January's 6 h left expire.
    const worked = (day: string) => (day === '2026-01-05' ? 1080 : day === '2026-02-05' ? 240 : day === '2026-03-05' ? 540 : 480);
    const days = dailyBalances(monthDays('2026-01-01', '2026-04-01', worked), [], rules);
    expect(days.find((day) => day.day === '2026-02-28')!.balanceMinutes).toBe(360);
    expect(days.find((day) => day.day === '2026-03-31')).toMatchObject({ expiredMinutes: 360, balanceMinutes: 60 });
  });

  const randomYear = fc.record({
    worked: fc.array(fc.integer({ min: 0, max: 12 * 60 }), { minLength: 365, maxLength: 365 }),
    targets: fc.array(fc.constantFrom(0, 360, 480), { minLength: 365, maxLength: 365 }),
    entries: fc.array(fc.record({ at: fc.integer({ min: 0, max: 364 }), kind: fc.constantFrom('correction' as const, 'payout' as const), minutes: fc.integer({ min: -600, max: 600 }) }), { maxLength: 10 }),
    cap: fc.option(fc.integer({ min: 0, max: 3_000 })),
    expiry: fc.option(fc.integer({ min: 1, max: 6 })),
  });

  it('over a year of random days: each day adds its difference and adjustments and loses only what a month closes off, never below a shortfall', () => {
    const year = daysBetween('2026-01-01', '2026-12-31');
    fc.assert(
      fc.property(randomYear, ({ worked, targets, entries, cap, expiry }) => {
        const days = year.map((day, i) => ({ day, targetMinutes: targets[i], workedMinutes: worked[i] }));
        const recorded = entries.map(({ at, kind, minutes }) => ({ day: year[at], kind, minutes: kind === 'payout' ? Math.abs(minutes) : minutes }));
        const rules = { carryOverCapMinutes: cap, overtimeExpiryMonths: expiry };
        const balances = dailyBalances(days, recorded, rules);
        // Checked as one list of wrong days: an expect per day of a year is slow.
        const wrong = balances.filter((day, i) => {
          const previous = i === 0 ? 0 : balances[i - 1].balanceMinutes;
          const closing = day.expiredMinutes + day.forfeitedMinutes > 0;
          return (
            day.balanceMinutes !== previous + day.differenceMinutes + day.adjustedMinutes - day.expiredMinutes - day.forfeitedMinutes ||
            day.expiredMinutes < 0 ||
            day.forfeitedMinutes < 0 ||
            (day.forfeitedMinutes > 0 && day.balanceMinutes !== cap) ||
            (closing && monthOf(nextDay(day.day)) === monthOf(day.day))
          );
        });
        expect(wrong).toEqual([]);
        const unlimited = dailyBalances(days, recorded, NO_BALANCE_LIMITS);
        const sum = days.reduce((total, day) => total + day.workedMinutes - day.targetMinutes, 0) + recorded.reduce((total, entry) => total + (entry.kind === 'payout' ? -entry.minutes : entry.minutes), 0);
        expect(unlimited.at(-1)!.balanceMinutes).toBe(sum);
        // Limits only ever take overtime away.
        expect(balances.at(-1)!.balanceMinutes).toBeLessThanOrEqual(sum);
        // The months and weeks add up to the days, and each closes where the next opens.
        for (const periods of [periodBalances(balances, monthOf), periodBalances(balances, weekOf)]) {
          expect(periods.reduce((total, period) => total + period.differenceMinutes, 0)).toBe(days.reduce((total, day) => total + day.workedMinutes - day.targetMinutes, 0));
          for (const [i, period] of periods.entries()) if (i > 0) expect(period.openingMinutes).toBe(periods[i - 1].closingMinutes);
          expect(periods.at(-1)!.closingMinutes).toBe(balances.at(-1)!.balanceMinutes);
        }
      }),
      RUNS,
    );
  });

  it('carried on from where a month closed, gives the same days as run from the start: a kept state stands for the months before it', () => {
    const year = daysBetween('2026-01-01', '2026-12-31');
    fc.assert(
      fc.property(randomYear, fc.integer({ min: 0, max: 11 }), ({ worked, targets, entries, cap, expiry }, closedMonths) => {
        const days = year.map((day, i) => ({ day, targetMinutes: targets[i], workedMinutes: worked[i] }));
        const recorded = entries.map(({ at, kind, minutes }) => ({ day: year[at], kind, minutes: kind === 'payout' ? Math.abs(minutes) : minutes }));
        const rules = { carryOverCapMinutes: cap, overtimeExpiryMonths: expiry };
        const split = days.findIndex((day) => Number(day.day.slice(5, 7)) > closedMonths);
        const before = balancesFrom(OPENING_STATE, days.slice(0, split), recorded.filter((entry) => entry.day < days[split].day), rules);
        const after = balancesFrom(before.closing, days.slice(split), recorded.filter((entry) => entry.day >= days[split].day), rules);
        expect([...before.days, ...after.days]).toEqual(dailyBalances(days, recorded, rules));
      }),
      RUNS,
    );
  });

  it('over a year of random sessions in zones far apart: the local days hold all the work, and the balance is worked less target', () => {
    const session = fc.record({ startHour: fc.integer({ min: 0, max: 365 * 24 - 30 }), minutes: fc.integer({ min: 1, max: 14 * 60 }) });
    fc.assert(
      fc.property(fc.array(session, { minLength: 1, maxLength: 60 }), fc.constantFrom('Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/St_Johns', 'Asia/Kolkata'), (sessions, zone) => {
        const workByDay = new Map<string, number>();
        let totalMs = 0;
        for (const { startHour, minutes } of sessions) {
          const start = Date.parse('2026-01-01T00:00:00Z') + startHour * 3_600_000;
          totalMs += minutes * 60_000;
          for (const part of splitByLocalDay(new Date(start).toISOString(), new Date(start + minutes * 60_000).toISOString(), zone)) workByDay.set(part.day, (workByDay.get(part.day) ?? 0) + part.seconds * 1000);
        }
        const first = [...workByDay.keys()].sort()[0];
        const last = [...workByDay.keys()].sort().at(-1)!;
        const days = daysBetween(first, last).map((day) => {
          const targetMinutes = dayTargetMinutes(day, { company: FIVE_DAYS, contracts: [partTime], holiday: false });
          return { day, targetMinutes, workedMinutes: workedMinutes({ trackedMinutes: wholeMinutes(workByDay.get(day) ?? 0), idleMinutes: 0, leave: null, targetMinutes }, { idleCounts: true }) };
        });
        const worked = days.reduce((sum, day) => sum + day.workedMinutes, 0);
        // Each local day truncates its own minutes: what is lost is under a minute a day, never more than the whole.
        expect(worked).toBeLessThanOrEqual(wholeMinutes(totalMs));
        expect(wholeMinutes(totalMs) - worked).toBeLessThan(workByDay.size);
        const target = days.reduce((sum, day) => sum + day.targetMinutes, 0);
        expect(dailyBalances(days, [], NO_BALANCE_LIMITS).at(-1)!.balanceMinutes).toBe(worked - target);
      }),
      { numRuns: 100 },
    );
  });
});
