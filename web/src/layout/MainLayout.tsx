// The date pickers' and charts' styles: only pages of this layout show them, so the sign-in pages load without.
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import '../theme-dates.css';
import { AppShell, Box, Burger, Group, Text, useMatches } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { LostCompanyRedirect } from '../features/company/LostCompanyRedirect';
import { TeamChooser } from '../features/company/TeamChooser';
import { DashboardTopBar, useDashboardBarHeight, useShowsDashboardTopBar } from '../features/dashboards/DashboardTopBar';
import { subscriptionPaths } from '../features/subscription/subscriptionPaths';
import { SubscriptionBanner } from '../features/subscription/SubscriptionBanner';
import { TimerBar } from '../features/time-tracking/TimerBar';
import { CANVAS } from '../theme';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { CompanySwitcher } from './CompanySwitcher';
import { ProfileMenu } from './ProfileMenu';
import { SideMenu } from './SideMenu';
import { TOP_BAR_HEIGHT } from './topBarHeight';

/** Side menu, top bar and footer around every page of the product (spec core §2). */
export function MainLayout() {
  const [menuOpened, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const withDashboardBar = useShowsDashboardTopBar();
  const dashboardBarHeight = useDashboardBarHeight();
  const onPhone = useMatches({ base: true, sm: false }, { getInitialValueInEffect: false });
  const burgerRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  // On a phone the side menu is a drawer over the page: closed, nothing in it takes the focus;
  // open, it takes the focus, the page under it none, and Escape closes it.
  const drawerOpen = onPhone && menuOpened;
  useEffect(() => {
    if (drawerOpen) drawerRef.current?.querySelector<HTMLElement>('a[href], button:not(:disabled)')?.focus();
  }, [drawerOpen]);
  const closeDrawerOnEscape = (event: KeyboardEvent) => {
    if (!drawerOpen || event.key !== 'Escape') return;
    closeMenu();
    burgerRef.current?.focus();
  };

  return (
    <AppShell
      header={{ height: withDashboardBar ? TOP_BAR_HEIGHT + dashboardBarHeight : TOP_BAR_HEIGHT }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      footer={{ height: 40 }}
      padding={{ base: 'sm', sm: 'lg' }}
      bg={CANVAS}
    >
      <AppShell.Header>
        <Group h={TOP_BAR_HEIGHT} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={burgerRef}
              opened={menuOpened}
              onClick={toggleMenu}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle menu"
              aria-expanded={menuOpened}
              aria-controls="side-menu"
            />
            {/* Phones need the room for the timer, the punch and the profile. */}
            <Text fz="h3" fw={700} c="teal" visibleFrom="xs">
              Timeledger
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <TimerBar />
            {/* On phones the company switcher sits atop the side menu: the bar keeps the timer, the punch and the profile. */}
            <Box visibleFrom="sm">
              <CompanySwitcher />
            </Box>
            <ColorSchemeToggle />
            <ProfileMenu />
          </Group>
        </Group>
        {withDashboardBar && <DashboardTopBar />}
      </AppShell.Header>

      <AppShell.Navbar id="side-menu" ref={drawerRef} inert={onPhone && !menuOpened} onKeyDown={closeDrawerOnEscape}>
        <Box hiddenFrom="sm" p="md" pb={0}>
          <CompanySwitcher />
        </Box>
        <SideMenu onNavigate={closeMenu} />
      </AppShell.Navbar>

      <AppShell.Main inert={drawerOpen}>
        <SubscriptionBanner />
        <Outlet />
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
