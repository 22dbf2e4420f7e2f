import { type Static, Type } from 'typebox';
import { Minutes, TimeFigures, TimeShares } from '../../domain/accounting/views.ts';
import { Day, Id, Name, NamedPerson, Nullable } from '../../domain/shared/schema.ts';
import { RangeTimesheet } from '../../domain/dashboards/views.ts';

/**
 * What the performance dashboard's API answers (api/monitoring/routes.ts)
 * and the web app reads: the accounting rule's whole minutes; utilization is
 * tracked time as a percentage of the time the daily threshold asks for on
 * the range's working days up to today, null when the range has none.
 */
const Percent = Nullable(Type.Number({ minimum: 0 }));

export const PerformanceTotals = Type.Object({ ...TimeFigures.properties, utilizationPercent: Percent });
export type PerformanceTotals = Static<typeof PerformanceTotals>;

export const PerformanceDashboard = Type.Object({
  range: Type.Object({ from: Day, to: Day }),
  /** The team shown; null: every team the viewer may see (for an Admin, the whole company). */
  team: Nullable(Type.Object({ teamId: Id, name: Name })),
  /** The company's daily threshold. */
  dailyThresholdMinutes: Minutes,
  /** The range's working days up to today: with the threshold, the time one person is expected to work. */
  workingDays: Type.Integer({ minimum: 0 }),
  /** With the parts' shares of the work hours, adding up to 100. */
  totals: Type.Object({ ...PerformanceTotals.properties, shares: TimeShares }),
  /** The team's people, by name, with their time and whether the desktop agent reported anything of theirs in the range. */
  people: Type.Array(
    Type.Object({
      ...NamedPerson.properties,
      ...PerformanceTotals.properties,
      desktopSeen: Type.Boolean(),
      /** The viewer may ask them to enable the desktop agent. */
      mayRequestMonitoring: Type.Boolean(),
      timesheet: RangeTimesheet,
    }),
  ),
});
export type PerformanceDashboard = Static<typeof PerformanceDashboard>;
