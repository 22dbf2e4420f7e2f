/** What a task's status and priority can be (management §5). Kept apart from the event schemas, so the web app loads no schema library. */
export const TASK_STATUSES = ['TO DO', 'IN PROGRESS', 'QA', 'DONE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITIES = ['P1', 'P2', 'P3', 'P4'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
