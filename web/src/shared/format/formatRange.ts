import type { DayRange } from '../../../../domain/dashboards/range.ts';
import { formatDay } from './formatDay';

/** The days a dashboard shows, as its subtitle says them. */
export function formatRange({ from, to }: DayRange): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}
