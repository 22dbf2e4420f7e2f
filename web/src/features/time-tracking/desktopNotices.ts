/** A desktop notification's text. */
export interface DesktopNotice {
  title: string;
  body: string;
}

/** Every desktop notification text of the timer and punch, in one place (core §9). */
export const desktopNotices = {
  started: (projectName: string, taskName: string): DesktopNotice => ({ title: 'Timer started', body: `Tracking ${taskName} (${projectName}).` }),
  stopped: (duration: string): DesktopNotice => ({ title: 'Timer stopped', body: `Time log saved: ${duration} h:mm tracked.` }),
  cancelled: { title: 'Timer cancelled', body: 'The session was discarded; no time was saved.' } satisfies DesktopNotice,
  interval: (hours: number): DesktopNotice => ({ title: 'Timer still running', body: `Timer running for ${hours} h` }),
  punchIn: { title: 'Punched in', body: 'Your working day has started. Have a good one!' } satisfies DesktopNotice,
  punchOut: { title: 'Punched out', body: 'Your working day is recorded. See you next time.' } satisfies DesktopNotice,
};
