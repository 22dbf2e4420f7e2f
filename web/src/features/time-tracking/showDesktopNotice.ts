import type { DesktopNotice } from './desktopNotices';

/**
 * Shows a desktop notification when the user allowed them; otherwise nothing
 * (the in-page notification already said it). The same `tag` from several
 * tabs shows once.
 */
export function showDesktopNotice({ title, body }: DesktopNotice, tag?: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body, tag });
  } catch {
    // Some mobile browsers only allow notifications from a service worker.
  }
}
