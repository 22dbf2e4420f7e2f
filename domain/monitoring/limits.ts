/** The longest note a monitoring request may carry. Kept apart from the event schemas, so the web app loads no schema library. */
export const MAX_MONITORING_MESSAGE = 1_000;
