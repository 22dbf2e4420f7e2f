import { notifications } from '@mantine/notifications';

/** `autoClose` overrides the usual 3 seconds (false: stays until closed), for news the user must not miss. */
type Show = (message: string, title?: string, autoClose?: number | false) => void;

function style(color: string): Show {
  return (message, title, autoClose) => notifications.show({ color, title, message, autoClose });
}

/** The four notification styles of the product (spec core §8). */
export const notify = {
  success: style('teal'),
  error: style('red'),
  warning: style('yellow'),
  info: style('blue'),
};
