import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="100vh">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}
