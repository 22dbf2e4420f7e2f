import type { MenuSection } from './MenuItem';

/**
 * The side menu (spec core §2). Which roles see an item follows the page table
 * (domain/members/page-access.ts):
 * e.g. Members and Clients do not see 'Team', Members not 'Projects' or the
 * request lists, only Admins 'Invoices' (core §6); 'Time & Attendance',
 * 'Applications' and 'Performance' are management §2's pages for those who
 * manage teams; 'Activity Log' is everyone's, each seeing what they may.
 */
export const menuSections: MenuSection[] = [
  {
    header: 'Dashboard',
    items: [
      { title: 'Team', to: '/dashboard-team', search: (companyId) => ({ cid: companyId }) },
      { title: 'User', to: '/dashboard-individual' },
      { title: 'Team Attendance', to: '/team-attendance' },
      { title: 'User Attendance', to: '/userAttendance' },
      { title: 'Time & Attendance', to: '/v2/time-attendance' },
      { title: 'Applications', to: '/application-dashboard' },
      { title: 'Performance', to: '/v2/performance-dashboard' },
      { title: 'Activity Log', to: '/v2/activity-log' },
    ],
  },
  {
    header: 'Manage',
    items: [
      { title: 'Regularization', to: '/regularization' },
      { title: 'Regularization requests', to: '/requestsregularization' },
      { title: 'Timesheet', to: '/timesheet' },
      { title: 'Timesheet approvals', to: '/timesheets' },
      { title: 'Working Time', to: '/working-time' },
      { title: 'Leave', to: '/leave' },
      { title: 'Leave requests', to: '/requestsleave' },
      { title: 'Profile', to: '/profile', withoutCompany: true },
      { title: 'Settings', to: '/manage-settings' },
      { title: 'Invoices', to: '/invoices', billing: true },
      { title: 'Projects', to: '/project' },
      { title: 'Teams', to: '/manage-teams', search: () => ({ tab: 'teams' }) },
      { title: 'Tasks', to: '/manage-tasks' },
      { title: 'Invites', to: '/inviteList', withoutCompany: true, count: (profile) => profile.pendingInvites },
    ],
  },
];
