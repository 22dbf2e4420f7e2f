/** The longest note or reason a timesheet takes; the web reads it too, without the event schemas. */
export const MAX_NOTE_LENGTH = 1_000;
