import { type MonthRange, monthsLabel } from './months.ts';

/** Excel's longest sheet name (core §9 cuts names there). */
export const SHEET_NAME_MAX = 31;
/** Characters Excel refuses in a sheet name. */
const SHEET_FORBIDDEN = /[[\]:*?/\\]/g;
const CONTROL = /\p{Cc}/gu;

/** Cuts text to `max` characters without splitting a character made of two code units. */
const cut = (text: string, max: number) => Array.from(text).slice(0, max).join('');

function sheetBase(name: string): string {
  // Excel also refuses a name that starts or ends with an apostrophe.
  const cleaned = name.replace(SHEET_FORBIDDEN, '').replace(CONTROL, '').replace(/\s+/g, ' ').trim().replace(/^'+|'+$/g, '').trim();
  return cleaned || 'Sheet';
}

/**
 * One sheet name per person, in order: the name without the characters Excel
 * refuses, cut to 31 characters, and unique in the workbook (Excel compares
 * sheet names ignoring case): a repeated name gets ' (2)', ' (3)', … within
 * the 31 characters.
 */
export function sheetNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base = sheetBase(name);
    let candidate = cut(base, SHEET_NAME_MAX).trim();
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      candidate = `${cut(base, SHEET_NAME_MAX - suffix.length).trim()}${suffix}`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

export const EXPORT_KINDS = ['attendance', 'timelog', 'working-time'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Core §9: file names end in 'Attendance Data' or 'Timelog Data'; the working-time balances' in 'Working Time Data'. */
const KIND_LABELS: Record<ExportKind, string> = { attendance: 'Attendance Data', timelog: 'Timelog Data', 'working-time': 'Working Time Data' };

/** The longest a company, person or team name may be in a file name. */
const FILE_NAME_PART_MAX = 60;
/** Characters file systems refuse (Windows' list, the strictest). */
const FILE_FORBIDDEN = /[<>:"/\\|?*]/g;

const fileNamePart = (name: string) => cut(name.replace(FILE_FORBIDDEN, ' ').replace(CONTROL, '').replace(/\s+/g, ' ').trim(), FILE_NAME_PART_MAX).trim() || '-';

/** E.g. 'Acme - Ana Apollo - Mar 2026 - Attendance Data.xlsx', 'Acme - Apollo - Jan 2026 to Mar 2026 - Timelog Data.xlsx'. */
export function exportFileName(kind: ExportKind, names: { company: string; subject: string }, range: MonthRange): string {
  return `${fileNamePart(names.company)} - ${fileNamePart(names.subject)} - ${monthsLabel(range)} - ${KIND_LABELS[kind]}.xlsx`;
}
