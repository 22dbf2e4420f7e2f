import { AppShell, Box, Burger, Group, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { LostCompanyRedirect } from '../company/LostCompanyRedirect';
import { TeamChooser } from '../company/TeamChooser';
import { DASHBOARD_BAR_HEIGHT, DashboardTopBar, useShowsDashboardTopBar } from '../dashboards/DashboardTopBar';
import { SubscriptionGate } from '../subscription/SubscriptionGate';
import { subscriptionPaths } from '../subscription/subscriptionPaths';
import { TrialBanner } from '../subscription/TrialBanner';
import { TimerBar } from '../timer/TimerBar';
import { CompanySwitcher } from './CompanySwitcher';
import { ProfileMenu } from './ProfileMenu';
import { RouteAccessGuard } from './RouteAccessGuard';
import { SideMenu } from './SideMenu';

/** Side menu, top bar and footer around every page of the product (spec core §2). */
export function MainLayout() {
  const [menuOpened, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const withDashboardBar = useShowsDashboardTopBar();

  return (
    <AppShell
      header={{ height: withDashboardBar ? 60 + DASHBOARD_BAR_HEIGHT : 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      footer={{ height: 40 }}
      padding="lg"
      bg="gray.0"
    >
      <AppShell.Header>
        <Group h={60} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={menuOpened} onClick={toggleMenu} hiddenFrom="sm" size="sm" aria-label="Toggle menu" />
            {/* Phones need the room for the timer, the punch and the profile. */}
            <Title order={3} c="teal.7" visibleFrom="xs">
              Timeledger
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <TimerBar />
            {/* On phones the company switcher sits atop the side menu: the bar keeps the timer, the punch and the profile. */}
            <Box visibleFrom="sm">
              <CompanySwitcher />
            </Box>
            <ProfileMenu />
          </Group>
        </Group>
        {withDashboardBar && <DashboardTopBar />}
      </AppShell.Header>

      <AppShell.Navbar>
        <Box hiddenFrom="sm" p="md" pb={0}>
          <CompanySwitcher />
        </Box>
        <SideMenu onNavigate={closeMenu} />
      </AppShell.Navbar>

      <AppShell.Main>
        <TrialBanner />
        <SubscriptionGate>
          <RouteAccessGuard>
            <Outlet />
          </RouteAccessGuard>
        </SubscriptionGate>
        {/* The subscription pages are where a locked company's users land: no team question there. */}
        <TeamChooser suppressed={subscriptionPaths.includes(pathname)} />
        <LostCompanyRedirect />
      </AppShell.Main>

      <AppShell.Footer>
        <Group h="100%" px="md" justify="space-between">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} Timeledger
          </Text>
          <Text size="xs" c="dimmed" visibleFrom="sm">
            Time tracking and team management
          </Text>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
