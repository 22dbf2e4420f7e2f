import type { AppCategory } from '../../../../domain/app-usage/events.ts';
import type { ApplicationTime } from './ApplicationTime';

/** The chart shows this many applications, the most used. */
export const CHART_APPLICATIONS = 10;

/** Null in the other categories, so the tooltip names only the application's own. */
export type ApplicationChartRow = { application: string } & Record<AppCategory, number | null>;

/** The most used applications as chart rows: each one's minutes in the series of its category, so its bar takes the category's colour. */
export function applicationChartData(applications: readonly ApplicationTime[]): ApplicationChartRow[] {
  return applications
    .filter((app) => app.activeMs > 0)
    .slice(0, CHART_APPLICATIONS)
    .map((app) => ({ application: app.application, productive: null, neutral: null, unproductive: null, [app.category]: Math.round(app.activeMs / 600) / 100 }));
}
