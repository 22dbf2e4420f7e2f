import { describe, expect, it } from 'vitest';
import { dayStatus, isWorkingDay, type WorkRules } from './day-status.ts';

// Tuesday 10 March 2026; the 14th and 15th are a Saturday and a Sunday.
const today = '2026-03-10';
const status = (day: string, facts: { present?: boolean; leave?: 'SL' | 'PL' | 'CL' | 'L' | null; holiday?: boolean } = {}, rules?: WorkRules) =>
  dayStatus({ day, today, present: facts.present ?? false, leave: facts.leave ?? null, holiday: facts.holiday ?? false }, rules);

describe('attendance day status (core §4)', () => {
  it('is Present on a day with a punch or tracked time, weekends included', () => {
    expect(status('2026-03-09', { present: true })).toBe('present');
    expect(status('2026-03-08', { present: true })).toBe('present');
    expect(status(today, { present: true })).toBe('present');
  });

  it('is Week Off on a Saturday or Sunday without work', () => {
    expect(status('2026-03-07')).toBe('weekOff');
    expect(status('2026-03-08')).toBe('weekOff');
  });

  it('is Absent on a working day without work, today included before the first punch', () => {
    expect(status('2026-03-09')).toBe('absent');
    expect(status(today)).toBe('absent');
  });

  it('leaves later days blank, weekends too', () => {
    expect(status('2026-03-11')).toBe('future');
    expect(status('2026-03-14')).toBe('future');
  });

  it('shows leave on any day, planned leave ahead included', () => {
    expect(status('2026-03-09', { leave: 'SL' })).toBe('sickLeave');
    expect(status('2026-03-09', { leave: 'PL', present: true })).toBe('paidLeave');
    expect(status('2026-03-12', { leave: 'CL' })).toBe('casualLeave');
    expect(status('2026-03-07', { leave: 'L' })).toBe('leave');
  });

  it('is Holiday on a holiday without work, ahead too, and never Absent; work on it is Present, leave on it leave', () => {
    expect(status('2026-03-09', { holiday: true })).toBe('holiday');
    expect(status(today, { holiday: true })).toBe('holiday');
    expect(status('2026-03-12', { holiday: true })).toBe('holiday');
    expect(status('2026-03-07', { holiday: true })).toBe('holiday');
    expect(status('2026-03-09', { holiday: true, present: true })).toBe('present');
    expect(status('2026-03-09', { holiday: true, leave: 'PL' })).toBe('paidLeave');
  });

  it('takes the working days from the company’s rules', () => {
    const sundayToThursday: WorkRules = { workingDays: [7, 1, 2, 3, 4], dailyThresholdMs: 8 * 3_600_000 };
    expect(status('2026-03-06', {}, sundayToThursday)).toBe('weekOff');
    expect(status('2026-03-08', {}, sundayToThursday)).toBe('absent');
    expect(isWorkingDay('2026-03-07', sundayToThursday)).toBe(false);
  });
});
