import type { AppCategory } from '../../../../domain/app-usage/events.ts';

/** How each category is drawn and named, on the dashboard and in the settings card. */
export const CATEGORY_LOOK: Record<AppCategory, { label: string; color: string }> = {
  productive: { label: 'Productive', color: 'teal' },
  neutral: { label: 'Neutral', color: 'gray' },
  unproductive: { label: 'Unproductive', color: 'red' },
};
