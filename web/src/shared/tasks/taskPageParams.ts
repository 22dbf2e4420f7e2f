/** The task page's path parameters: the project name with dashes for spaces (management §2) and the task id. */
export function taskPageParams(projectName: string, taskId: string) {
  return { projectName: projectName.trim().replace(/\s+/g, '-'), taskId };
}
