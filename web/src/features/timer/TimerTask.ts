/** A task the timer may run on: assigned to the user and not DONE (core §5). */
export interface TimerTask {
  taskId: string;
  title: string;
  status: string;
}
