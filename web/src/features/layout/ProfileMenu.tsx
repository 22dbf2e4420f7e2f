import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLogout } from '../auth/useLogout';
import { useProfile } from '../auth/useProfile';
import { initials } from './initials';

export function ProfileMenu() {
  const profile = useProfile();
  const logout = useLogout();

  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu">
          <Group gap="xs" wrap="nowrap">
            <Avatar src={profile.avatar} alt={profile.name} radius="xl" size="md" color="teal">
              {initials(profile.name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {profile.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Welcome, {profile.name}</Menu.Label>
        <Menu.Item renderRoot={(props) => <Link to="/project" {...props} />}>Project</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" disabled={logout.isPending} onClick={() => logout.mutate()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
