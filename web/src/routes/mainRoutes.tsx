import { createRoute } from '@tanstack/react-router';
import { EmptyPage } from '../features/layout/EmptyPage';
import { MainLayout } from '../features/layout/MainLayout';
import { ProfilePage } from '../features/profile/ProfilePage';
import { stringSearch } from '../lib/stringSearch';
import { sessionRoute } from './sessionRoute';

const mainLayoutRoute = createRoute({
  getParentRoute: () => sessionRoute,
  id: 'main',
  component: MainLayout,
});

/** A main-layout page whose content is not built yet. */
function emptyPageRoute<const Path extends string>(path: Path, title: string, noCompanyText?: string) {
  return createRoute({
    getParentRoute: () => mainLayoutRoute,
    path,
    component: () => <EmptyPage title={title} noCompanyText={noCompanyText} />,
  });
}

const profileRoute = createRoute({ getParentRoute: () => mainLayoutRoute, path: '/profile', component: ProfilePage });

const teamDashboardRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/dashboard-team',
  validateSearch: stringSearch('cid'),
  component: () => <EmptyPage title="Team Dashboard" />,
});

const manageTeamsRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/manage-teams',
  validateSearch: stringSearch('tab'),
  component: () => <EmptyPage title="Teams" />,
});

const subscriptionSuspendedRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/subscription-suspended',
  validateSearch: stringSearch('companyId'),
  component: () => <EmptyPage title="Subscription suspended" />,
});

export const mainRoutes = mainLayoutRoute.addChildren([
  teamDashboardRoute,
  emptyPageRoute('/dashboard-individual', 'User Dashboard'),
  emptyPageRoute('/team-attendance', 'Team Attendance', 'Please create a team to view attendence!'),
  emptyPageRoute('/userAttendance', 'User Attendance'),
  profileRoute,
  emptyPageRoute('/team-dashboard', 'Team Dashboard'),
  subscriptionSuspendedRoute,
  manageTeamsRoute,
  emptyPageRoute('/project', 'Projects'),
  emptyPageRoute('/manage-tasks', 'Tasks'),
  emptyPageRoute('/add-task', 'Add Task'),
  emptyPageRoute('/regularization', 'Regularization'),
  emptyPageRoute('/requestsregularization', 'Regularization Requests'),
  emptyPageRoute('/leave', 'Leave'),
  emptyPageRoute('/requestsleave', 'Leave Requests'),
  emptyPageRoute('/manage-settings', 'Settings'),
  emptyPageRoute('/invoices', 'Invoices'),
  emptyPageRoute('/inviteList', 'Invites', 'No company yet. Invitations to join a company or team will show up here.'),
  emptyPageRoute('/subscription', 'Subscription'),
  emptyPageRoute('/payment', 'Payment'),
]);
