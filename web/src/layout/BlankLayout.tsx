import { Box, Center, Paper, Stack, Text } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { CANVAS } from '../theme';

/** Pages a signed-in user sees before working inside a company (add or select one). */
export function BlankLayout() {
  return (
    <Box component="main" bg={CANVAS} mih="100vh">
      <Center mih="100vh" p="md">
        <Stack w={520} maw="100%" gap="lg">
          <Text fz="h2" fw={700} lh={1.35} c="teal" ta="center">
            Timeledger
          </Text>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Outlet />
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
