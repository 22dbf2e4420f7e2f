import { RANGE_PRESETS, type RangePreset } from '../../../../domain/dashboards/range-presets.ts';
import { isCalendarDay } from '../../../../domain/shared/calendar-day.ts';
import { stringSearch } from '../../lib/stringSearch';

/**
 * A dashboard view in the URL, so a link reproduces it and the back button
 * steps through views: `range` a preset (0, 1, 7, 30) or `from` and `to` a
 * custom range (YYYY-MM-DD), `team` the team dashboard's team, `user` the
 * person of the individual dashboard, `screenshots` the day its gallery is
 * open on.
 */
export interface RangeSearch {
  range?: RangePreset;
  from?: string;
  to?: string;
}

const isPreset = (value: number): value is RangePreset => (RANGE_PRESETS as readonly number[]).includes(value);

/** The range part of a dashboard's search: a known preset, and the custom days as given (checked when shown). */
export function rangeSearch(search: Record<string, unknown>): RangeSearch {
  const { from, to } = stringSearch('from', 'to')(search);
  const range = typeof search.range === 'string' || typeof search.range === 'number' ? Number(search.range) : Number.NaN;
  return { ...(isPreset(range) ? { range } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** /dashboard-team and /team-dashboard: `cid` opens a company (core §2), `select` as the company pages link it. */
export const teamDashboardSearch = (search: Record<string, unknown>) => ({ ...stringSearch('cid', 'select', 'team')(search), ...rangeSearch(search) });

/** /dashboard-individual: `screenshots` a day whose screenshots open in the gallery (the time-log spreadsheet links it), kept only when it is a day. */
export function individualDashboardSearch(search: Record<string, unknown>): RangeSearch & { user?: string; screenshots?: string } {
  const { user, screenshots } = stringSearch('user', 'screenshots')(search);
  // Checked without the date library: the route tree loads with the first page.
  const day = screenshots !== undefined && isCalendarDay(screenshots) ? screenshots : undefined;
  return { ...(user ? { user } : {}), ...rangeSearch(search), ...(day ? { screenshots: day } : {}) };
}
