import { type Static, Type } from 'typebox';
import { Count, Day, Name } from '../shared/schema.ts';

const Month = Type.String({ pattern: '^\\d{4}-\\d{2}$' });

/** What the export dialog's 'Get Data' shows before the downloads: the files and how much they hold. */
export const ExportSummary = Type.Object({
  /** The person or team exported. */
  subject: Type.Object({ kind: Type.Union([Type.Literal('person'), Type.Literal('team')]), name: Name }),
  months: Type.Object({ from: Month, to: Month, firstDay: Day, lastDay: Day }),
  files: Type.Object({ attendance: Type.String(), timelog: Type.String(), workingTime: Type.String() }),
  /** One sheet each. */
  people: Count,
  /** Rows of the attendance file: every day of the range for every person. */
  attendanceDays: Count,
  /** Rows of the time log file. */
  timelogRows: Count,
});
export type ExportSummary = Static<typeof ExportSummary>;
