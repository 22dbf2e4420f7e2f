import type { MenuSection } from './MenuItem';
import type { Role } from './Role';

// Spec core §6: Members do not see Projects, Regularization requests, Leave
// requests, Team Attendance, nor items titled 'Attendance' or 'Team'; Clients
// do not see items titled 'Attendance' or 'Team'. No item is titled
// 'Attendance'; the Team dashboard is titled 'Team', so it is hidden from both.
const exceptMember: readonly Role[] = ['Admin', 'Manager', 'Head', 'Client'];
const exceptMemberAndClient: readonly Role[] = ['Admin', 'Manager', 'Head'];
const adminOnly: readonly Role[] = ['Admin'];

/** The side menu (spec core §2) with who sees each entry. */
export const menuSections: MenuSection[] = [
  {
    header: 'Dashboard',
    items: [
      { title: 'Team', to: '/dashboard-team', search: (companyId) => ({ cid: companyId }), visibleTo: exceptMemberAndClient },
      { title: 'User', to: '/dashboard-individual', visibleTo: 'all' },
      { title: 'Team Attendance', to: '/team-attendance', visibleTo: exceptMember },
      { title: 'User Attendance', to: '/userAttendance', visibleTo: 'all' },
    ],
  },
  {
    header: 'Manage',
    items: [
      { title: 'Regularization', to: '/regularization', visibleTo: 'all' },
      { title: 'Regularization requests', to: '/requestsregularization', visibleTo: exceptMember },
      { title: 'Leave', to: '/leave', visibleTo: 'all' },
      { title: 'Leave requests', to: '/requestsleave', visibleTo: exceptMember },
      { title: 'Profile', to: '/profile', visibleTo: 'all', withoutCompany: true },
      { title: 'Settings', to: '/manage-settings', visibleTo: 'all' },
      { title: 'Invoices', to: '/invoices', visibleTo: adminOnly },
      { title: 'Projects', to: '/project', visibleTo: exceptMember },
      { title: 'Teams', to: '/manage-teams', search: () => ({ tab: 'teams' }), visibleTo: 'all' },
      { title: 'Tasks', to: '/manage-tasks', visibleTo: 'all' },
      { title: 'Invites', to: '/inviteList', visibleTo: 'all', withoutCompany: true },
    ],
  },
];
