import { describe, expect, it } from 'vitest';
import { menuSections } from './menuSections';
import { visibleMenuSections } from './visibleMenuSections';

const titles = (role: Parameters<typeof visibleMenuSections>[1]) =>
  visibleMenuSections(menuSections, role).flatMap((section) => section.items.map((item) => item.title));

describe('visibleMenuSections', () => {
  it('shows only Profile and Invites without an active company', () => {
    expect(titles(null)).toEqual(['Profile', 'Invites']);
  });
  it('hides Team, Team Attendance, Projects and the request lists from Members (core §6)', () => {
    const member = titles('Member');
    for (const hidden of ['Team', 'Team Attendance', 'Projects', 'Regularization requests', 'Leave requests', 'Invoices']) {
      expect(member).not.toContain(hidden);
    }
    expect(member).toContain('User');
    expect(member).toContain('Teams');
  });
  it('shows Settings to the managing roles only (management §6)', () => {
    for (const role of ['Admin', 'Head', 'Manager'] as const) expect(titles(role)).toContain('Settings');
    for (const role of ['Member', 'Client'] as const) expect(titles(role)).not.toContain('Settings');
  });
  it('shows Time & Attendance to those who manage teams (management §2), under the Dashboard header', () => {
    for (const role of ['Admin', 'Head', 'Manager'] as const) {
      expect(visibleMenuSections(menuSections, role)[0].items.map((item) => item.title)).toContain('Time & Attendance');
    }
    for (const role of ['Member', 'Client'] as const) expect(titles(role)).not.toContain('Time & Attendance');
  });
  it('hides Invoices when the server runs without billing (BILLING=off)', () => {
    const admin = visibleMenuSections(menuSections, 'Admin', { billingOff: true }).flatMap((section) => section.items.map((item) => item.title));
    expect(admin).not.toContain('Invoices');
    expect(admin).toContain('Settings');
  });
  it('shows Invoices to Admins only', () => {
    expect(titles('Admin')).toContain('Invoices');
    for (const role of ['Head', 'Manager', 'Member', 'Client'] as const) expect(titles(role)).not.toContain('Invoices');
  });
  it('hides the Team dashboard from Clients but keeps Projects', () => {
    expect(titles('Client')).not.toContain('Team');
    expect(titles('Client')).toContain('Projects');
  });
});
