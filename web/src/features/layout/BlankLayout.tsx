import { Box, Center, Paper, Stack, Title } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';

/** Pages a signed-in user sees before working inside a company (add or select one). */
export function BlankLayout() {
  return (
    <Box bg="gray.1" mih="100vh">
      <Center mih="100vh" p="md">
        <Stack w={520} maw="100%" gap="lg">
          <Title order={2} c="teal.7" ta="center">
            Timeledger
          </Title>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Outlet />
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
