/** A task's readable id: its project's prefix and a running number, e.g. "WA-12" (management §3). */
export const TASK_ID_PATTERN = '^[A-Z]{2}-[1-9][0-9]*$';
export const TASK_ID_MAX_LENGTH = 32;

const taskIdShape = new RegExp(TASK_ID_PATTERN);

/** Is the text shaped as a task id? Whether that task exists is another question. */
export const isTaskId = (text: string) => text.length <= TASK_ID_MAX_LENGTH && taskIdShape.test(text);
