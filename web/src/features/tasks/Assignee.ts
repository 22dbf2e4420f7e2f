/** Someone a task can be assigned to: a member of one of the company's teams. */
export interface Assignee {
  userId: string;
  name: string;
  email: string;
}
