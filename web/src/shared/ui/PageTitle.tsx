import { Title, type TitleProps } from '@mantine/core';

/** A page's title: its one level-one heading, drawn at the size of a section title unless told otherwise. */
export function PageTitle({ size = 'h2', ...props }: Omit<TitleProps, 'order'>) {
  return <Title order={1} size={size} {...props} />;
}
