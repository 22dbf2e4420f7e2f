import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE, type PeriodSchedule } from './periods.ts';
import { periodDueForReminders, type PeriodSheet, type ReminderMember, reminderDay, remindersDue } from './reminders.ts';

const ZONE = 'Asia/Kolkata';
/** A moment given as Kolkata's wall clock (UTC+5:30). */
const kolkata = (dateTime: string) => new Date(`${dateTime}+05:30`);
const monthly: PeriodSchedule = [{ from: null, rule: { kind: 'monthly' } }];

describe('the period whose reminders are due', () => {
  // Weeks from Monday: 23–29 November 2026 ends on a Sunday.
  const week = { start: '2026-11-23', end: '2026-11-29' };

  it('is due on the day that many days after the period ended, from 09:00 in the company’s zone', () => {
    expect(reminderDay(week, 2)).toBe('2026-12-02');
    expect(periodDueForReminders(DEFAULT_SCHEDULE, 2, kolkata('2026-12-02T08:59'), ZONE)).toBeNull();
    expect(periodDueForReminders(DEFAULT_SCHEDULE, 2, kolkata('2026-12-02T09:00'), ZONE)).toEqual(week);
    // 03:30 UTC is already 09:00 in Kolkata, not yet in London.
    expect(periodDueForReminders(DEFAULT_SCHEDULE, 2, new Date('2026-12-02T03:30:00Z'), 'Europe/London')).toBeNull();
  });

  it('with 0 days, is due the morning after the last day; never while the period runs', () => {
    expect(periodDueForReminders(DEFAULT_SCHEDULE, 0, kolkata('2026-11-23T09:00'), ZONE)).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(periodDueForReminders(DEFAULT_SCHEDULE, 0, kolkata('2026-11-29T23:00'), ZONE)).toBeNull();
    expect(periodDueForReminders(DEFAULT_SCHEDULE, 0, kolkata('2026-11-30T09:00'), ZONE)).toEqual(week);
  });

  it('catches up for a few days after a server was down, never on older periods', () => {
    expect(periodDueForReminders(DEFAULT_SCHEDULE, 2, kolkata('2026-12-04T23:00'), ZONE)).toEqual(week);
    expect(periodDueForReminders(DEFAULT_SCHEDULE, 2, kolkata('2026-12-05T09:00'), ZONE)).toBeNull();
    // A month ended on 31 October, 14 days to wait: due 15 November to 17 November.
    expect(periodDueForReminders(monthly, 14, kolkata('2026-11-15T10:00'), ZONE)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(periodDueForReminders(monthly, 14, kolkata('2026-11-20T10:00'), ZONE)).toBeNull();
  });

  it('waits longer than a period: with weeks and 14 days, the period before last', () => {
    expect(periodDueForReminders(DEFAULT_SCHEDULE, 14, kolkata('2026-12-14T10:00'), ZONE)).toEqual({ start: '2026-11-23', end: '2026-11-29' });
  });

  it('is never due for a company that turned reminders off', () => {
    expect(periodDueForReminders(DEFAULT_SCHEDULE, null, kolkata('2026-12-02T10:00'), ZONE)).toBeNull();
  });

  it('follows a change of rule: the shorter period where the rules meet has reminders of its own', () => {
    // Weeks from Monday until months start on 1 December 2026: 30 November is a period of its own.
    const changed: PeriodSchedule = [...DEFAULT_SCHEDULE, { from: '2026-12-01', rule: { kind: 'monthly' } }];
    expect(periodDueForReminders(changed, 1, kolkata('2026-12-02T09:30'), ZONE)).toEqual({ start: '2026-11-30', end: '2026-11-30' });
  });
});

describe('who the reminders are for', () => {
  const period = { start: '2026-11-23', end: '2026-11-29' };
  const member = (name: string, role: ReminderMember['role'] = 'Member', joinedOn = '2026-01-05'): ReminderMember => ({
    userId: `id-${name}`,
    name,
    email: `${name.toLowerCase()}@reminders.test`,
    role,
    joinedOn,
  });
  const sheet = (person: ReminderMember, status: PeriodSheet['status'], approver: ReminderMember | null = null): PeriodSheet => ({ userId: person.userId, status, approverId: approver?.userId ?? null });

  const ada = member('Ada', 'Admin');
  const max = member('Max', 'Manager');
  const hal = member('Hal', 'Head');
  const ana = member('Ana');
  const bo = member('Bo');
  const cy = member('Cy');
  const di = member('Di');
  const eve = member('Eve');
  const cleo = member('Cleo', 'Client');
  const newcomer = member('Nia', 'Member', '2026-11-30');
  const lastDay = member('Lu', 'Member', '2026-11-29');

  it('reminds everyone who tracks time and has not submitted: open, rejected or reopened; never a Client or a newcomer', () => {
    const due = remindersDue(period, [ada, max, hal, ana, bo, cy, di, eve, cleo, newcomer, lastDay], [
      sheet(ana, 'Submitted', max),
      sheet(bo, 'Approved', max),
      sheet(cy, 'Rejected', max),
      sheet(di, 'Reopened', ada),
    ]);
    expect(due.people.map((person) => person.name)).toEqual(['Ada', 'Cy', 'Di', 'Eve', 'Hal', 'Lu', 'Max']);
  });

  it('sends each approver a digest of the timesheets waiting for them, by name', () => {
    const due = remindersDue(period, [ada, max, hal, ana, bo, cy, di, eve], [
      sheet(eve, 'Submitted', max),
      sheet(ana, 'Submitted', max),
      sheet(bo, 'Approved', max),
      sheet(cy, 'Rejected', hal),
      sheet(di, 'Submitted', ada),
      sheet(max, 'Submitted', hal),
    ]);
    expect(due.digests.map(({ approver, waiting }) => [approver.name, waiting.map((person) => person.name)])).toEqual([
      ['Ada', ['Di']],
      ['Hal', ['Max']],
      ['Max', ['Ana', 'Eve']],
    ]);
  });

  it('sends no digest to an approver who left, and lists nobody who left', () => {
    const due = remindersDue(period, [ada, ana], [sheet(ana, 'Submitted', max), sheet(bo, 'Submitted', ada)]);
    expect(due.digests).toEqual([]);
  });
});
