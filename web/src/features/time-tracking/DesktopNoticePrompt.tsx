import { Anchor, Text } from '@mantine/core';
import { useDesktopNoticePermission } from './useDesktopNoticePermission';

/** A small offer in the timer popup to turn on desktop notifications. */
export function DesktopNoticePrompt() {
  const [permission, request] = useDesktopNoticePermission();
  if (permission === 'default') {
    return (
      <Anchor component="button" type="button" size="xs" onClick={request}>
        Enable desktop notifications
      </Anchor>
    );
  }
  if (permission === 'granted') {
    return (
      <Text size="xs" c="dimmed">
        Desktop notifications are on.
      </Text>
    );
  }
  // Denied or unsupported: nothing to offer; the browser's own settings decide.
  return null;
}
