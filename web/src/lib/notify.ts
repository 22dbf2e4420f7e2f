import { notifications } from '@mantine/notifications';

type Show = (message: string, title?: string) => void;

function style(color: string): Show {
  return (message, title) => notifications.show({ color, title, message });
}

/** The four notification styles of the product (spec core §8). */
export const notify = {
  success: style('teal'),
  error: style('red'),
  warning: style('yellow'),
  info: style('blue'),
};
