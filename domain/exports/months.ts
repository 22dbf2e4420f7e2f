import { Temporal } from 'temporal-polyfill';
import { invalid } from '../shared/errors.ts';

/** The most months one export may span. */
export const MAX_EXPORT_MONTHS = 12;

/** The export dialog's messages: the first two are core §5's, word for word. */
export const exportMessages = {
  noStart: 'Please choose a start Date',
  reversed: 'Starting Date cannot be greater than end Date, Please enter valid date !',
  tooLong: `Please choose a range of at most ${MAX_EXPORT_MONTHS} months.`,
  malformed: 'Months must be valid months in the form YYYY-MM.',
  nobody: 'Please choose a member or a team to export.',
  both: 'Please choose a member or a team to export, not both.',
  /** Core §8's download message, for a team with nobody in it to export. */
  noData: 'No data available',
} as const;

/** Whole months, both included: from the first day of `from` to the last day of `to`. */
export interface MonthRange {
  /** YYYY-MM. */
  from: string;
  to: string;
  /** YYYY-MM-DD. */
  firstDay: string;
  lastDay: string;
}

const MONTH = /^\d{4}-\d{2}$/;

function yearMonth(text: string): Temporal.PlainYearMonth {
  if (!MONTH.test(text)) throw invalid(exportMessages.malformed);
  try {
    return Temporal.PlainYearMonth.from(text, { overflow: 'reject' });
  } catch {
    throw invalid(exportMessages.malformed);
  }
}

/**
 * The months the dialog asks for (core §5): a start month is required; a
 * start alone means that whole month; the start may not come after the end,
 * and the range may span at most 12 months. An empty field is one not chosen.
 */
export function exportMonths(input: { from?: string; to?: string }): MonthRange {
  if (!input.from) throw invalid(exportMessages.noStart);
  const from = yearMonth(input.from);
  const to = input.to ? yearMonth(input.to) : from;
  if (Temporal.PlainYearMonth.compare(from, to) > 0) throw invalid(exportMessages.reversed);
  if (monthsBetween(from, to) > MAX_EXPORT_MONTHS) throw invalid(exportMessages.tooLong);
  return {
    from: from.toString(),
    to: to.toString(),
    firstDay: from.toPlainDate({ day: 1 }).toString(),
    lastDay: to.toPlainDate({ day: to.daysInMonth }).toString(),
  };
}

const monthsBetween = (from: Temporal.PlainYearMonth, to: Temporal.PlainYearMonth) => (to.year - from.year) * 12 + to.month - from.month + 1;

/** How many days the range holds. */
export const daysIn = (range: MonthRange) =>
  Temporal.PlainDate.from(range.firstDay).until(Temporal.PlainDate.from(range.lastDay), { largestUnit: 'days' }).days + 1;

/** Months as the product abbreviates them in files and sentences. */
export const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const monthName = (month: string) => {
  const { year, month: number } = Temporal.PlainYearMonth.from(month);
  return `${MONTH_NAMES[number - 1]} ${year}`;
};

/** 'Mar 2026', or 'Jan 2026 to Mar 2026'. */
export const monthsLabel = (range: MonthRange) => (range.from === range.to ? monthName(range.from) : `${monthName(range.from)} to ${monthName(range.to)}`);

/** Whom an export is for: one person, or the people of one team. */
export type ExportSubject = { kind: 'person'; userId: string } | { kind: 'team'; teamId: string };

/** Exactly one of a member and a team; an empty field is one not chosen. */
export function exportSubject(input: { userId?: string; teamId?: string }): ExportSubject {
  if (input.userId && input.teamId) throw invalid(exportMessages.both);
  if (input.userId) return { kind: 'person', userId: input.userId };
  if (input.teamId) return { kind: 'team', teamId: input.teamId };
  throw invalid(exportMessages.nobody);
}
