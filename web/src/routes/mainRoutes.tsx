import { createRoute, Outlet, redirect } from '@tanstack/react-router';
import { TASK_PAGE } from '../../../domain/members/page-access.ts';
import { isTaskId } from '../../../domain/tasks/task-id.ts';
import { applicationDashboardInternalSearch, applicationDashboardSearch } from '../features/app-dashboard/appDashboardSearch';
import { attendanceSearch } from '../features/attendance/attendanceSearch';
import { activateLinkedCompany } from '../features/company/activateLinkedCompany';
import { useActiveCompanyStore } from '../shared/company/activeCompanyStore';
import { individualDashboardSearch, teamDashboardSearch } from '../shared/dashboards/dashboardSearch';
import { performanceSearch } from '../features/monitoring/performanceSearch';
import { isManageTeamsTab } from '../features/teams/manageTeamsTabs';
import { approvalsSearch } from '../features/timesheets/approvalsSearch';
import { timesheetSearch } from '../features/timesheets/timesheetSearch';
import { workingTimeSearch } from '../features/working-time/workingTimeSearch';
import { stringSearch } from '../lib/stringSearch';
import { NoAccessPage } from '../layout/NoAccessPage';
import { guardMainPage, type MainPageContext } from './guardMainPage';
import { lazyPage, rendering } from './lazyPage';
import { sessionRoute } from './sessionRoute';

// Every page and the layout around them are chunks of their own (./lazyPage.ts): the sign-in pages stay light, and a page loads only its code.
const MainLayout = lazyPage(() => import('../layout/MainLayout'), 'MainLayout');
const LeavePage = lazyPage(() => import('../features/leave/LeavePage'), 'LeavePage');
const LeaveRequestsPage = lazyPage(() => import('../features/leave/LeaveRequestsPage'), 'LeaveRequestsPage');
const RegularizationPage = lazyPage(() => import('../features/regularization/RegularizationPage'), 'RegularizationPage');
const TimesheetPage = lazyPage(() => import('../features/timesheets/TimesheetPage'), 'TimesheetPage');
const WorkingTimePage = lazyPage(() => import('../features/working-time/WorkingTimePage'), 'WorkingTimePage');
const TimesheetApprovalsPage = lazyPage(() => import('../features/timesheets/TimesheetApprovalsPage'), 'TimesheetApprovalsPage');
const RegularizationRequestsPage = lazyPage(() => import('../features/regularization/RegularizationRequestsPage'), 'RegularizationRequestsPage');
const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage'), 'ProfilePage');
const ManageSettingsPage = lazyPage(() => import('../features/settings/ManageSettingsPage'), 'ManageSettingsPage');
const TeamAttendancePage = lazyPage(() => import('../features/team-attendance/TeamAttendancePage'), 'TeamAttendancePage');
const TimeAttendancePage = lazyPage(() => import('../features/time-attendance/TimeAttendancePage'), 'TimeAttendancePage');
const ActivityLogPage = lazyPage(() => import('../features/activity-log/ActivityLogPage'), 'ActivityLogPage');
const TeamDashboardPage = lazyPage(() => import('../features/dashboards/TeamDashboardPage'), 'TeamDashboardPage');
const IndividualDashboardPage = lazyPage(() => import('../features/dashboards/IndividualDashboardPage'), 'IndividualDashboardPage');
const PerformanceDashboardPage = lazyPage(() => import('../features/monitoring/PerformanceDashboardPage'), 'PerformanceDashboardPage');
const ApplicationDashboardPage = lazyPage(() => import('../features/app-dashboard/ApplicationDashboardPage'), 'ApplicationDashboardPage');
const ApplicationDashboardInternalPage = lazyPage(
  () => import('../features/app-dashboard/ApplicationDashboardInternalPage'),
  'ApplicationDashboardInternalPage',
);
const UserAttendancePage = lazyPage(() => import('../features/attendance/UserAttendancePage'), 'UserAttendancePage');
const ManageTeamsPage = lazyPage(() => import('../features/teams/ManageTeamsPage'), 'ManageTeamsPage');
const InviteMembersPage = lazyPage(() => import('../features/invites/InviteMembersPage'), 'InviteMembersPage');
const InviteListPage = lazyPage(() => import('../features/invites/InviteListPage'), 'InviteListPage');
const InviteDetailsPage = lazyPage(() => import('../features/invites/InviteDetailsPage'), 'InviteDetailsPage');
const SubscriptionSuspendedPage = lazyPage(() => import('../features/subscription/SubscriptionSuspendedPage'), 'SubscriptionSuspendedPage');
const SubscriptionPage = lazyPage(() => import('../features/subscription/SubscriptionPage'), 'SubscriptionPage');
const InvoicesPage = lazyPage(() => import('../features/invoices/InvoicesPage'), 'InvoicesPage');
const PaymentPage = lazyPage(() => import('../features/subscription/PaymentPage'), 'PaymentPage');
const ProjectsPage = lazyPage(() => import('../features/projects/ProjectsPage'), 'ProjectsPage');
const ManageTasksPage = lazyPage(() => import('../features/tasks/ManageTasksPage'), 'ManageTasksPage');
const AddTaskPage = lazyPage(() => import('../features/tasks/AddTaskPage'), 'AddTaskPage');
const TaskPage = lazyPage(() => import('../features/tasks/TaskPage'), 'TaskPage');

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
  component: function MainPage() {
    const { company, denied } = mainPageRoute.useRouteContext();
    return denied && company ? <NoAccessPage company={company} /> : <Outlet />;
  },
});

const leaveRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/leave', component: LeavePage });

const leaveRequestsRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/requestsleave', component: LeaveRequestsPage });

const regularizationRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/regularization', component: RegularizationPage });

const regularizationRequestsRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/requestsregularization', component: RegularizationRequestsPage });

const timesheetRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/timesheet',
  validateSearch: timesheetSearch,
  component: rendering(TimesheetPage, function TimesheetRoute() {
    return <TimesheetPage search={timesheetRoute.useSearch()} />;
  }),
});

const timesheetApprovalsRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/timesheets',
  validateSearch: approvalsSearch,
  component: rendering(TimesheetApprovalsPage, function TimesheetApprovalsRoute() {
    return <TimesheetApprovalsPage search={timesheetApprovalsRoute.useSearch()} />;
  }),
});

const workingTimeRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/working-time',
  validateSearch: workingTimeSearch,
  component: rendering(WorkingTimePage, function WorkingTimeRoute() {
    return <WorkingTimePage search={workingTimeRoute.useSearch()} />;
  }),
});

const profileRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/profile', component: ProfilePage });

const manageSettingsRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/manage-settings', component: ManageSettingsPage });

const teamAttendanceRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/team-attendance', component: TeamAttendancePage });

const timeAttendanceRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/v2/time-attendance', component: TimeAttendancePage });

const activityLogRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/v2/activity-log', component: ActivityLogPage });

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
    component: rendering(TeamDashboardPage, function TeamDashboardRoute() {
      return <TeamDashboardPage search={route.useSearch()} />;
    }),
  });
  return route;
}

const individualDashboardRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/dashboard-individual',
  validateSearch: individualDashboardSearch,
  component: rendering(IndividualDashboardPage, function IndividualDashboardRoute() {
    return <IndividualDashboardPage search={individualDashboardRoute.useSearch()} />;
  }),
});

const performanceDashboardRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/v2/performance-dashboard',
  validateSearch: performanceSearch,
  component: rendering(PerformanceDashboardPage, function PerformanceDashboardRoute() {
    return <PerformanceDashboardPage search={performanceDashboardRoute.useSearch()} />;
  }),
});

const applicationDashboardRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/application-dashboard',
  validateSearch: applicationDashboardSearch,
  component: rendering(ApplicationDashboardPage, function ApplicationDashboardRoute() {
    return <ApplicationDashboardPage search={applicationDashboardRoute.useSearch()} />;
  }),
});

const applicationDashboardInternalRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/application-dashboard-internal',
  validateSearch: applicationDashboardInternalSearch,
  component: rendering(ApplicationDashboardInternalPage, function ApplicationDashboardInternalRoute() {
    return <ApplicationDashboardInternalPage search={applicationDashboardInternalRoute.useSearch()} />;
  }),
});

const userAttendanceRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/userAttendance',
  validateSearch: attendanceSearch,
  component: rendering(UserAttendancePage, function UserAttendanceRoute() {
    return <UserAttendancePage search={userAttendanceRoute.useSearch()} />;
  }),
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
  component: rendering(ManageTeamsPage, function ManageTeamsRoute() {
    const { tab } = manageTeamsRoute.useSearch();
    return <ManageTeamsPage tab={tab && isManageTeamsTab(tab) ? tab : 'teams'} />;
  }),
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
  component: rendering(InviteDetailsPage, function InviteDetailsRoute() {
    const { inviteId } = inviteDetailsRoute.useParams();
    return <InviteDetailsPage inviteId={inviteId} />;
  }),
});

const subscriptionSuspendedRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/subscription-suspended',
  validateSearch: stringSearch('companyId'),
  component: rendering(SubscriptionSuspendedPage, function SubscriptionSuspendedRoute() {
    const { companyId } = subscriptionSuspendedRoute.useSearch();
    return <SubscriptionSuspendedPage companyId={companyId} />;
  }),
});

const subscriptionRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/subscription',
  validateSearch: stringSearch('from'),
  component: rendering(SubscriptionPage, function SubscriptionRoute() {
    const { from } = subscriptionRoute.useSearch();
    return <SubscriptionPage from={from} />;
  }),
});

const invoicesRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/invoices', component: InvoicesPage });

const paymentRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/payment', component: PaymentPage });

const projectsRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/project', component: ProjectsPage });

const manageTasksRoute = createRoute({ getParentRoute: () => mainPageRoute, path: '/manage-tasks', component: ManageTasksPage });

const addTaskRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: '/add-task',
  validateSearch: stringSearch('projectId'),
  component: rendering(AddTaskPage, function AddTaskRoute() {
    const { projectId } = addTaskRoute.useSearch();
    return <AddTaskPage projectId={projectId} />;
  }),
});

// Management §2: /{project name with dashes}/{task id}. Only a task id's shape matches: any other path of two segments is not found.
const taskRoute = createRoute({
  getParentRoute: () => mainPageRoute,
  path: TASK_PAGE,
  params: { parse: (params) => (isTaskId(params.taskId) ? params : false) },
  component: rendering(TaskPage, function TaskRoute() {
    const { projectName, taskId } = taskRoute.useParams();
    return <TaskPage projectName={projectName} taskId={taskId} />;
  }),
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
    timesheetRoute,
    timesheetApprovalsRoute,
    workingTimeRoute,
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
