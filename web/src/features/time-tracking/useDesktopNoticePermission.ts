import { useState } from 'react';

export type DesktopNoticePermission = NotificationPermission | 'unsupported';

/** Whether desktop notifications may show, and a way to ask; asked only when the user clicks, never on page load. */
export function useDesktopNoticePermission(): [DesktopNoticePermission, () => void] {
  const [permission, setPermission] = useState<DesktopNoticePermission>(() =>
    typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
  );
  const request = () => {
    if (typeof Notification === 'undefined') return;
    void Notification.requestPermission().then(setPermission);
  };
  return [permission, request];
}
