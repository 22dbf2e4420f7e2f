import type { Project } from '../projects/Project';

/**
 * A task as lists show it (projects accordion, tasks table): `taskId` is the
 * project prefix, a dash and a running number, e.g. "WR-12"; `eta` a local
 * date YYYY-MM-DD or null; the assignee's `name` is empty when they have left
 * the company.
 */
export type TaskSummary = Project['tasks'][number];
