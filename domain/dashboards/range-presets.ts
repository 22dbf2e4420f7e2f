// Apart from range.ts and its date library: the browser checks a dashboard link's preset with the first page it loads.

/** The range buttons of the dashboards' top bar (core §4): today, yesterday, the last 7 days, the last 30 days. */
export const RANGE_PRESETS = [0, 1, 7, 30] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const RANGE_LABELS: Record<RangePreset, string> = { 0: 'Today', 1: 'Yesterday', 7: 'Last Week', 30: 'Last 30 Days' };

/** What each button covers, as its tooltip says: the spec's labels stay, and 'Last Week' is the 7 days ending today, not the calendar week before. */
export const RANGE_COVERS: Record<RangePreset, string> = {
  0: 'Today',
  1: 'Yesterday',
  7: 'The 7 days up to today, today included',
  30: 'The 30 days up to today, today included',
};
