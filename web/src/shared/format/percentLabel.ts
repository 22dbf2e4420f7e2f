/** What a share at or below 0% shows instead of a number (core §9). */
export const MIN_PERCENT_LABEL = '< 1%';

/** A percentage as a label; one at or below 0% shows the minimum label. */
export function percentLabel(percent: number): string {
  return percent <= 0 ? MIN_PERCENT_LABEL : `${percent}%`;
}
