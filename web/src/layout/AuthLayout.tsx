import { Box, Center, Paper, Stack, Text } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { CANVAS } from '../theme';

/** Sign-in and account screens: a centred card under the product name; the card's page has the level-one heading. */
export function AuthLayout() {
  return (
    <Box component="main" bg={CANVAS} mih="100vh">
      <Center mih="100vh" p="md">
        <Stack w={420} maw="100%" gap="lg">
          <Stack gap={4} align="center">
            <Text fz="h1" fw={700} lh={1.3} c="teal">
              Timeledger
            </Text>
            <Text c="dimmed" size="sm" ta="center">
              Time tracking and attendance for remote teams.
            </Text>
          </Stack>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Outlet />
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
