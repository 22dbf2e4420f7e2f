/** How an application counts, and the longest name it may have. Kept apart from the event schemas, so the web app loads no schema library. */
export const APP_CATEGORIES = ['productive', 'unproductive', 'neutral'] as const;
export type AppCategory = (typeof APP_CATEGORIES)[number];

export const MAX_APPLICATION_LENGTH = 200;
