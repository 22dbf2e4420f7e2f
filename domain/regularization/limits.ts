/** The longest task details of a regularization request. Kept apart from the event schemas, so the web app loads no schema library. */
export const MAX_TASK_DETAILS_LENGTH = 2_000;
