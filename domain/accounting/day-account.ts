import { largestRemainder } from './allocation.ts';
import { exactPrice, MS_PER_HOUR, roundedCents } from './money.ts';
import { MINUTE_MS } from './time.ts';

/** A row of a person's day as the ledger holds it: exact time, its team and its rate. */
export interface DayRow {
  teamId: string;
  trackedMs: number;
  idleMs: number;
  /** Cents per hour; 0 is no rate. */
  rateCents: number;
}

/** What a row shows: its share of its day's minutes and cents. */
export interface RowFigures {
  trackedMinutes: number;
  idleMinutes: number;
  earningsCents: number;
}

/** Indexes of the rows, grouped by a key, in row order. */
function groupIndexes(rows: readonly DayRow[], key: (row: DayRow) => string | number): number[][] {
  const groups = new Map<string | number, number[]>();
  for (const [index, row] of rows.entries()) groups.set(key(row), [...(groups.get(key(row)) ?? []), index]);
  return [...groups.values()];
}

/**
 * The accounting rule for one person's local day (README: Figures). Its rows
 * (time-log pieces, in the order a sheet lists them) get:
 * - minutes: per team, the exact tracked total truncated to whole minutes,
 *   shared among that team's rows by largest remainder; idle the same, no
 *   row's idle above its tracked minutes;
 * - cents: per rate, the exact price of the time worked at that rate rounded
 *   to the cent once, shared among that rate's rows by largest remainder.
 * So rows add up to their day, days to any range, and no figure is rounded twice.
 */
export function accountDay(rows: readonly DayRow[]): RowFigures[] {
  const figures: RowFigures[] = rows.map(() => ({ trackedMinutes: 0, idleMinutes: 0, earningsCents: 0 }));
  const minute = BigInt(MINUTE_MS);
  for (const team of groupIndexes(rows, (row) => row.teamId)) {
    const tracked = team.map((i) => BigInt(Math.max(0, rows[i].trackedMs)));
    const idle = team.map((i) => BigInt(Math.min(Math.max(0, rows[i].idleMs), Math.max(0, rows[i].trackedMs))));
    const trackedMinutes = largestRemainder(sum(tracked) / minute, tracked, minute);
    const idleMinutes = largestRemainder(sum(idle) / minute, idle, minute, trackedMinutes);
    for (const [k, i] of team.entries()) {
      figures[i].trackedMinutes = Number(trackedMinutes[k]);
      figures[i].idleMinutes = Number(idleMinutes[k]);
    }
  }
  for (const rate of groupIndexes(rows, (row) => row.rateCents)) {
    if (rows[rate[0]].rateCents <= 0) continue;
    const prices = rate.map((i) => exactPrice(rows[i].trackedMs, rows[i].rateCents));
    const cents = largestRemainder(roundedCents(sum(prices)), prices, MS_PER_HOUR);
    for (const [k, i] of rate.entries()) figures[i].earningsCents = Number(cents[k]);
  }
  return figures;
}

const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);
