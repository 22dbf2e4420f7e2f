/** What every organisation command answers: the message to show the user. */
export interface CommandAnswer {
  message: string;
}
