/** The longest comment on a leave or regularization request. Kept apart from the event schemas, so the web app loads no schema library. */
export const MAX_COMMENT_LENGTH = 2_000;
