import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLogout } from '../features/identity/useLogout';
import { useProfile } from '../shared/identity/useProfile';
import { useActiveCompany } from '../shared/company/useActiveCompany';
import { canOpen } from '../shared/access/canOpen';

export function ProfileMenu() {
  const profile = useProfile();
  const logout = useLogout();
  const company = useActiveCompany();
  // Core §2 puts a Project link here; only for those who may open the page (not Members, nor anyone without a company).
  const showsProjects = company !== null && canOpen('/project', company.role);

  return (
    // No focus placeholder: Mantine's sits in the menu as a child no menu may hold (axe aria-required-children); the first item takes the focus.
    <Menu position="bottom-end" width={220} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        {/* The button's name begins with the name shown beside the avatar (WCAG 2.5.3, label in name); initials in the avatar would be text outside it. */}
        <UnstyledButton aria-label={`${profile.name}: account menu`}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={profile.avatar} alt="" radius="xl" size="md" color="teal" />
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {profile.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Welcome, {profile.name}</Menu.Label>
        {showsProjects && (
          <>
            <Menu.Item renderRoot={(props) => <Link to="/project" {...props} />}>Project</Menu.Item>
            <Menu.Divider />
          </>
        )}
        <Menu.Item disabled={logout.isPending} onClick={() => logout.mutate()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
