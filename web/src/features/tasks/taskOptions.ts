import { TASK_PRIORITIES, TASK_STATUSES } from '../../../../domain/tasks/choices.ts';

/** Select options of the task forms and filters. */
export const statusOptions = [...TASK_STATUSES];
export const priorityOptions = [...TASK_PRIORITIES];
