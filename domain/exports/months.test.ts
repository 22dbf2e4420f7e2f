import { describe, expect, it } from 'vitest';
import { daysIn, exportMessages, exportMonths, exportSubject, monthsLabel } from './months.ts';

describe('the months of an export', () => {
  it('reads a start month alone as that whole month', () => {
    expect(exportMonths({ from: '2026-02' })).toEqual({ from: '2026-02', to: '2026-02', firstDay: '2026-02-01', lastDay: '2026-02-28' });
    expect(exportMonths({ from: '2028-02', to: '' }).lastDay).toBe('2028-02-29');
  });

  it('runs from the first day of the start month to the last day of the end month', () => {
    const range = exportMonths({ from: '2025-11', to: '2026-03' });
    expect(range).toEqual({ from: '2025-11', to: '2026-03', firstDay: '2025-11-01', lastDay: '2026-03-31' });
    expect(daysIn(range)).toBe(30 + 31 + 31 + 28 + 31);
  });

  it('asks for a start month', () => {
    expect(() => exportMonths({})).toThrow(exportMessages.noStart);
    expect(() => exportMonths({ from: '', to: '2026-03' })).toThrow(exportMessages.noStart);
    expect(exportMessages.noStart).toBe('Please choose a start Date');
  });

  it('refuses a start after the end with the spec’s words', () => {
    expect(() => exportMonths({ from: '2026-04', to: '2026-03' })).toThrow(exportMessages.reversed);
    expect(exportMessages.reversed).toBe('Starting Date cannot be greater than end Date, Please enter valid date !');
  });

  it('takes at most 12 months', () => {
    expect(exportMonths({ from: '2025-04', to: '2026-03' }).firstDay).toBe('2025-04-01');
    expect(() => exportMonths({ from: '2025-03', to: '2026-03' })).toThrow(exportMessages.tooLong);
  });

  it('refuses what is not a month', () => {
    for (const from of ['2026-13', '2026-00', '2026-3', '03-2026', '2026-03-01', 'March']) {
      expect(() => exportMonths({ from }), from).toThrow(exportMessages.malformed);
    }
    expect(() => exportMonths({ from: '2026-01', to: '2026-1' })).toThrow(exportMessages.malformed);
  });

  it('labels one month or a span of months', () => {
    expect(monthsLabel(exportMonths({ from: '2026-03' }))).toBe('Mar 2026');
    expect(monthsLabel(exportMonths({ from: '2025-12', to: '2026-03' }))).toBe('Dec 2025 to Mar 2026');
  });
});

describe('whom an export is for', () => {
  it('is exactly one member or one team', () => {
    expect(exportSubject({ userId: 'u' })).toEqual({ kind: 'person', userId: 'u' });
    expect(exportSubject({ teamId: 't', userId: '' })).toEqual({ kind: 'team', teamId: 't' });
    expect(() => exportSubject({})).toThrow(exportMessages.nobody);
    expect(() => exportSubject({ userId: '', teamId: '' })).toThrow(exportMessages.nobody);
    expect(() => exportSubject({ userId: 'u', teamId: 't' })).toThrow(exportMessages.both);
  });
});
