import { createRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { TASK_PAGE } from '../../../domain/members/page-access.ts';
import { isTaskId } from '../../../domain/tasks/task-id.ts';
import { ActivityLogPage } from '../features/activity-log/ActivityLogPage';
import { applicationDashboardInternalSearch, applicationDashboardSearch } from '../features/app-dashboard/appDashboardSearch';
import { attendanceSearch } from '../features/attendance/attendanceSearch';
import { activateLinkedCompany } from '../features/company/activateLinkedCompany';
import { useActiveCompanyStore } from '../shared/company/activeCompanyStore';
import { individualDashboardSearch, teamDashboardSearch } from '../shared/dashboards/dashboardSearch';
import { InvoicesPage } from '../features/invoices/InvoicesPage';
import { InviteDetailsPage } from '../features/invites/InviteDetailsPage';
import { InviteListPage } from '../features/invites/InviteListPage';
import { InviteMembersPage } from '../features/invites/InviteMembersPage';
import { LeavePage } from '../features/leave/LeavePage';
import { LeaveRequestsPage } from '../features/leave/LeaveRequestsPage';
import { MainLayout } from '../layout/MainLayout';
import { PageLoader } from '../layout/PageLoader';
import { performanceSearch } from '../features/performance/performanceSearch';
import { ProfilePage } from '../features/profile/ProfilePage';
import { ProjectsPage } from '../features/projects/ProjectsPage';
import { RegularizationPage } from '../features/regularization/RegularizationPage';
import { RegularizationRequestsPage } from '../features/regularization/RegularizationRequestsPage';
import { ManageSettingsPage } from '../features/settings/ManageSettingsPage';
import { PaymentPage } from '../features/subscription/PaymentPage';
import { SubscriptionPage } from '../features/subscription/SubscriptionPage';
import { SubscriptionSuspendedPage } from '../features/subscription/SubscriptionSuspendedPage';
import { ManageTasksPage } from '../features/tasks/ManageTasksPage';
import { TeamAttendancePage } from '../features/team-attendance/TeamAttendancePage';
import { isManageTeamsTab } from '../features/teams/manageTeamsTabs';
import { ManageTeamsPage } from '../features/teams/ManageTeamsPage';
import { TimeAttendancePage } from '../features/time-attendance/TimeAttendancePage';
import { stringSearch } from '../lib/stringSearch';
import { guardMainPage, type MainPageContext } from './guardMainPage';
import { sessionRoute } from './sessionRoute';

const mainLayoutRoute = createRoute({
  getParentRoute: () => sessionRoute,
  id: 'main',
  component: MainLayout,
});

/** Every page of the main layout, behind one guard; a page it closes says so inside the layout. */
const mainPageRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  id: 'page',
  // The result's type is written out: the load's `matches` are typed by the route tree this route belongs to.
  beforeLoad: (load): MainPageContext => guardMainPage(load),
});

const leaveRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/leave', component: LeavePage });

const leaveRequestsRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/requestsleave', component: LeaveRequestsPage });

const regularizationRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/regularization', component: RegularizationPage });

const regularizationRequestsRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/requestsregularization', component: RegularizationRequestsPage });

const profileRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/profile', component: ProfilePage });

const manageSettingsRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/manage-settings', component: ManageSettingsPage });

const teamAttendanceRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/team-attendance', component: TeamAttendancePage });

const timeAttendanceRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/v2/time-attendance', component: TimeAttendancePage });

const activityLogRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/v2/activity-log', component: ActivityLogPage });

// The charts are large: the dashboards load them when first opened, so the sign-in pages stay light.
const TeamDashboardPage = lazy(() => import('../features/dashboards/TeamDashboardPage').then((m) => ({ default: m.TeamDashboardPage })));
const IndividualDashboardPage = lazy(() =>
  import('../features/dashboards/IndividualDashboardPage').then((m) => ({ default: m.IndividualDashboardPage })),
);

/** The team dashboard, under both its paths (core §2); `?cid=` opens that company when it is one of the user's. */
function teamDashboardRoute<const Path extends string>(path: Path) {
  const route = createRoute({
    getParentRoute: () => mainPageRoute,
    path,
    validateSearch: teamDashboardSearch,
    // Hovering a link (preload) must not switch company. The guards ran for the company active before: run them again for this one.
    beforeLoad: async ({ search, preload, location }) => {
      if (!search.cid || preload) return;
      const before = useActiveCompanyStore.getState().companyId;
      await activateLinkedCompany(search.cid);
      if (useActiveCompanyStore.getState().companyId !== before) throw redirect({ href: location.href, replace: true });
    },
    component: function TeamDashboardRoute() {
      return (
        <Suspense fallback={<PageLoader />}>
          <TeamDashboardPage search={route.useSearch()} />
        </Suspense>
      );
    },
  });
  return route;
}

const individualDashboardRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/dashboard-individual',
  validateSearch: individualDashboardSearch,
  component: function IndividualDashboardRoute() {
    return (
      <Suspense fallback={<PageLoader />}>
        <IndividualDashboardPage search={individualDashboardRoute.useSearch()} />
      </Suspense>
    );
  },
});

// Its chart is large too: loaded when first opened.
const PerformanceDashboardPage = lazy(() =>
  import('../features/performance/PerformanceDashboardPage').then((m) => ({ default: m.PerformanceDashboardPage })),
);

const performanceDashboardRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/v2/performance-dashboard',
  validateSearch: performanceSearch,
  component: function PerformanceDashboardRoute() {
    return (
      <Suspense fallback={<PageLoader />}>
        <PerformanceDashboardPage search={performanceDashboardRoute.useSearch()} />
      </Suspense>
    );
  },
});

const ApplicationDashboardPage = lazy(() => import('../features/app-dashboard/ApplicationDashboardPage').then((m) => ({ default: m.ApplicationDashboardPage })));
const ApplicationDashboardInternalPage = lazy(() =>
  import('../features/app-dashboard/ApplicationDashboardInternalPage').then((m) => ({ default: m.ApplicationDashboardInternalPage })),
);

const applicationDashboardRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/application-dashboard',
  validateSearch: applicationDashboardSearch,
  component: function ApplicationDashboardRoute() {
    return (
      <Suspense fallback={<PageLoader />}>
        <ApplicationDashboardPage search={applicationDashboardRoute.useSearch()} />
      </Suspense>
    );
  },
});

const applicationDashboardInternalRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/application-dashboard-internal',
  validateSearch: applicationDashboardInternalSearch,
  component: function ApplicationDashboardInternalRoute() {
    return (
      <Suspense fallback={<PageLoader />}>
        <ApplicationDashboardInternalPage search={applicationDashboardInternalRoute.useSearch()} />
      </Suspense>
    );
  },
});

// The calendar is large: the page loads it when first opened.
const UserAttendancePage = lazy(() => import('../features/attendance/UserAttendancePage').then((m) => ({ default: m.UserAttendancePage })));

const userAttendanceRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/userAttendance',
  validateSearch: attendanceSearch,
  component: function UserAttendanceRoute() {
    return (
      <Suspense fallback={<PageLoader />}>
        <UserAttendancePage search={userAttendanceRoute.useSearch()} />
      </Suspense>
    );
  },
});

// Declared apart: inline, TypeScript types beforeLoad's search before it has inferred this validator.
const manageTeamsSearch = stringSearch('tab');

const manageTeamsRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/manage-teams',
  validateSearch: manageTeamsSearch,
  // Management §2: no tab opens the Teams tab; an unknown one goes home.
  beforeLoad: ({ search }) => {
    if (!search.tab) throw redirect({ to: '/manage-teams', search: { tab: 'teams' }, replace: true });
    if (!isManageTeamsTab(search.tab)) throw redirect({ to: '/' });
  },
  component: function ManageTeamsRoute() {
    const { tab } = manageTeamsRoute.useSearch();
    return <ManageTeamsPage tab={tab && isManageTeamsTab(tab) ? tab : 'teams'} />;
  },
});

const manageTeamsInviteRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/manage-teams/invite',
  component: InviteMembersPage,
});

const inviteListRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/inviteList', component: InviteListPage });

const inviteDetailsRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/invites/$inviteId',
  component: function InviteDetailsRoute() {
    const { inviteId } = inviteDetailsRoute.useParams();
    return <InviteDetailsPage inviteId={inviteId} />;
  },
});

const subscriptionSuspendedRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/subscription-suspended',
  validateSearch: stringSearch('companyId'),
  component: function SubscriptionSuspendedRoute() {
    const { companyId } = subscriptionSuspendedRoute.useSearch();
    return <SubscriptionSuspendedPage companyId={companyId} />;
  },
});

const subscriptionRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/subscription',
  validateSearch: stringSearch('from'),
  component: function SubscriptionRoute() {
    const { from } = subscriptionRoute.useSearch();
    return <SubscriptionPage from={from} />;
  },
});

const invoicesRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/invoices', component: InvoicesPage });

const paymentRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/payment', component: PaymentPage });

const projectsRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/project', component: ProjectsPage });

const manageTasksRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/manage-tasks', component: ManageTasksPage });

// The rich-text editor is large: its pages load it when first opened.
const AddTaskPage = lazy(() => import('../features/tasks/AddTaskPage').then((m) => ({ default: m.AddTaskPage })));
const TaskPage = lazy(() => import('../features/tasks/TaskPage').then((m) => ({ default: m.TaskPage })));

const addTaskRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/add-task',
  validateSearch: stringSearch('projectId'),
  component: function AddTaskRoute() {
    const { projectId } = addTaskRoute.useSearch();
    return (
      <Suspense fallback={<PageLoader />}>
        <AddTaskPage projectId={projectId} />
      </Suspense>
    );
  },
});

// Management §2: /{project name with dashes}/{task id}. Only a task id's shape matches: any other path of two segments is not found.
const taskRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: TASK_PAGE,
  params: { parse: (params) => (isTaskId(params.taskId) ? params : false) },
  component: function TaskRoute() {
    const { projectName, taskId } = taskRoute.useParams();
    return (
      <Suspense fallback={<PageLoader />}>
        <TaskPage projectName={projectName} taskId={taskId} />
      </Suspense>
    );
  },
});

export const mainRoutes = mainLayoutRoute.addChildren([
  mainPageRoute.addChildren([
    teamDashboardRoute('/dashboard-team'),
    individualDashboardRoute,
    applicationDashboardRoute,
    applicationDashboardInternalRoute,
    teamAttendanceRoute,
    timeAttendanceRoute,
    performanceDashboardRoute,
    activityLogRoute,
    userAttendanceRoute,
    profileRoute,
    teamDashboardRoute('/team-dashboard'),
    subscriptionSuspendedRoute,
    manageTeamsRoute,
    manageTeamsInviteRoute,
    projectsRoute,
    manageTasksRoute,
    addTaskRoute,
    regularizationRoute,
    regularizationRequestsRoute,
    leaveRoute,
    leaveRequestsRoute,
    manageSettingsRoute,
    invoicesRoute,
    inviteListRoute,
    inviteDetailsRoute,
    subscriptionRoute,
    paymentRoute,
    taskRoute,
  ]),
]);
