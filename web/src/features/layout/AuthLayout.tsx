import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';

/** Sign-in and account screens: a centred card under the product name. */
export function AuthLayout() {
  return (
    <Box bg="gray.1" mih="100vh">
      <Center mih="100vh" p="md">
        <Stack w={420} maw="100%" gap="lg">
          <Stack gap={4} align="center">
            <Title order={1} c="teal.7">
              Timeledger
            </Title>
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
