/** What the user picked in the timer popup before starting; kept while the popup is closed. */
export interface TimerDraft {
  projectId: string | null;
  taskId: string | null;
  taskDetails: string;
}

export const emptyTimerDraft: TimerDraft = { projectId: null, taskId: null, taskDetails: '' };
