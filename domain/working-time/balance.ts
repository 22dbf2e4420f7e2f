import { isLastDayOfMonth } from '../shared/calendar-day.ts';
/**
 * The one balance rule: a day's difference is worked minus target; the
 * balance runs on from the account's first day, with corrections and payouts
 * as they were recorded. Each month closes on its last day: overtime earned
 * too long ago expires, then what is carried into the next month is capped.
 *
 * Overtime is kept in lots by the month it was earned; a shortfall spends the
 * oldest lot first, and a shortfall with no lot left is a debt that later
 * overtime pays off first. Expiry and the cap take from the oldest lots too,
 * so a person keeps their most recent overtime longest. A debt never expires
 * and is never capped.
 */

export interface BalanceRules {
  /** The most overtime carried from one month into the next, in minutes; null: no cap. */
  carryOverCapMinutes: number | null;
  /** Whole months after the month it was earned that overtime not taken expires, at that month's close; null: never. */
  overtimeExpiryMonths: number | null;
}

export const NO_BALANCE_LIMITS: BalanceRules = { carryOverCapMinutes: null, overtimeExpiryMonths: null };

export interface BalanceDayFacts {
  /** YYYY-MM-DD. The days given run one after another, without a gap. */
  day: string;
  targetMinutes: number;
  workedMinutes: number;
}

/** A correction (either sign) or a payout (minutes taken off the balance, as paid out), recorded by an Admin for a day. */
export interface BalanceEntry {
  day: string;
  kind: 'correction' | 'payout';
  minutes: number;
}

export interface DayBalance {
  day: string;
  targetMinutes: number;
  workedMinutes: number;
  /** Worked minus target. */
  differenceMinutes: number;
  /** Corrections less payouts recorded for the day. */
  adjustedMinutes: number;
  /** Overtime the month's close took away, on a month's last day: expired, then over the cap. */
  expiredMinutes: number;
  forfeitedMinutes: number;
  /** The running balance at the end of the day. */
  balanceMinutes: number;
}

export interface PeriodBalance {
  /** The period's first and last day given. */
  from: string;
  to: string;
  targetMinutes: number;
  workedMinutes: number;
  differenceMinutes: number;
  adjustedMinutes: number;
  expiredMinutes: number;
  forfeitedMinutes: number;
  /** The balance before the period's first day and after its last. */
  openingMinutes: number;
  closingMinutes: number;
}

export interface Lot {
  month: string;
  minutes: number;
}

/** Months from one YYYY-MM to another. */
function monthsBetween(from: string, to: string): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
}

/** Where an account stands after a day: its overtime lots by month, or a debt; never both. Plain data, so it can be kept and carried on from. */
export interface AccountState {
  lots: readonly Lot[];
  debt: number;
}

export const OPENING_STATE: AccountState = { lots: [], debt: 0 };

/** A running account: overtime lots by month, or a debt; never both. */
class Account {
  private lots: Lot[];
  private debt: number;

  constructor(state: AccountState) {
    this.lots = state.lots.map((lot) => ({ ...lot }));
    this.debt = state.debt;
  }

  get state(): AccountState {
    return { lots: this.lots.map((lot) => ({ ...lot })), debt: this.debt };
  }

  get minutes(): number {
    return this.lots.reduce((sum, lot) => sum + lot.minutes, 0) - this.debt;
  }

  add(minutes: number, month: string): void {
    if (minutes > 0) {
      const paid = Math.min(minutes, this.debt);
      this.debt -= paid;
      const left = minutes - paid;
      if (left === 0) return;
      const last = this.lots.at(-1);
      if (last?.month === month) last.minutes += left;
      else this.lots.push({ month, minutes: left });
    } else if (minutes < 0) {
      this.debt += -minutes - this.takeOldest(-minutes);
    }
  }

  /** Takes up to `minutes` from the oldest lots; returns what it took. */
  private takeOldest(minutes: number): number {
    let taken = 0;
    while (taken < minutes && this.lots.length > 0) {
      const lot = this.lots[0];
      const take = Math.min(lot.minutes, minutes - taken);
      lot.minutes -= take;
      taken += take;
      if (lot.minutes === 0) this.lots.shift();
    }
    return taken;
  }

  /** Closes a month: expires the lots old enough, then caps what is carried; returns both amounts. */
  close(month: string, rules: BalanceRules): { expired: number; forfeited: number } {
    let expired = 0;
    if (rules.overtimeExpiryMonths !== null) {
      const limit = rules.overtimeExpiryMonths;
      while (this.lots.length > 0 && monthsBetween(this.lots[0].month, month) >= limit) expired += this.lots.shift()!.minutes;
    }
    let forfeited = 0;
    if (rules.carryOverCapMinutes !== null) {
      const over = this.minutes - rules.carryOverCapMinutes;
      if (over > 0) forfeited = this.takeOldest(over);
    }
    return { expired, forfeited };
  }
}

/** Each day's figures and running balance, from the first day given (where the balance starts at zero) to the last. */
export function dailyBalances(days: readonly BalanceDayFacts[], entries: readonly BalanceEntry[], rules: BalanceRules): DayBalance[] {
  return balancesFrom(OPENING_STATE, days, entries, rules).days;
}

/** The same, carried on from where an account stood before the first day given; with where it stands after the last. */
export function balancesFrom(opening: AccountState, facts: readonly BalanceDayFacts[], entries: readonly BalanceEntry[], rules: BalanceRules): { days: DayBalance[]; closing: AccountState } {
  const adjustedByDay = new Map<string, number>();
  for (const { day, kind, minutes } of entries) adjustedByDay.set(day, (adjustedByDay.get(day) ?? 0) + (kind === 'payout' ? -minutes : minutes));
  const account = new Account(opening);
  const days = facts.map(({ day, targetMinutes, workedMinutes }): DayBalance => {
    const month = day.slice(0, 7);
    const differenceMinutes = workedMinutes - targetMinutes;
    const adjustedMinutes = adjustedByDay.get(day) ?? 0;
    account.add(differenceMinutes, month);
    account.add(adjustedMinutes, month);
    const { expired, forfeited } = isLastDayOfMonth(day) ? account.close(month, rules) : { expired: 0, forfeited: 0 };
    return { day, targetMinutes, workedMinutes, differenceMinutes, adjustedMinutes, expiredMinutes: expired, forfeitedMinutes: forfeited, balanceMinutes: account.minutes };
  });
  return { days, closing: account.state };
}

/** The days summed into periods (weeks, months) by a key of each day, in order; each period's opening is the previous day's balance. */
export function periodBalances(days: readonly DayBalance[], periodOf: (day: string) => string): PeriodBalance[] {
  const periods: PeriodBalance[] = [];
  let key: string | undefined;
  let opening = 0;
  for (const day of days) {
    const dayKey = periodOf(day.day);
    if (dayKey !== key || periods.length === 0) {
      key = dayKey;
      periods.push({ from: day.day, to: day.day, targetMinutes: 0, workedMinutes: 0, differenceMinutes: 0, adjustedMinutes: 0, expiredMinutes: 0, forfeitedMinutes: 0, openingMinutes: opening, closingMinutes: opening });
    }
    const period = periods[periods.length - 1];
    period.to = day.day;
    period.targetMinutes += day.targetMinutes;
    period.workedMinutes += day.workedMinutes;
    period.differenceMinutes += day.differenceMinutes;
    period.adjustedMinutes += day.adjustedMinutes;
    period.expiredMinutes += day.expiredMinutes;
    period.forfeitedMinutes += day.forfeitedMinutes;
    period.closingMinutes = opening = day.balanceMinutes;
  }
  return periods;
}

/** A day's month, YYYY-MM: the key of monthly periods. */
export const monthOf = (day: string) => day.slice(0, 7);

/** The Monday of a day's week: the key of weekly periods. */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}
