import { describe, expect, it } from 'vitest';
import { exportMonths } from './months.ts';
import { exportFileName, SHEET_NAME_MAX, sheetNames } from './naming.ts';

describe('sheet names', () => {
  it('are the people’s names', () => {
    expect(sheetNames(['Ana Apollo', 'Bob Gemini'])).toEqual(['Ana Apollo', 'Bob Gemini']);
  });

  it('are cut to 31 characters', () => {
    const [name] = sheetNames(['Maximiliana Alexandra Fitzgerald-Worthington']);
    expect(name).toBe('Maximiliana Alexandra Fitzgeral');
    expect(name).toHaveLength(SHEET_NAME_MAX);
  });

  it('leave out the characters Excel refuses, and apostrophes at either end', () => {
    expect(sheetNames(['A[b]c:d*e?f/g\\h'])).toEqual(['Abcdefgh']);
    expect(sheetNames(["'Quoted'"])).toEqual(['Quoted']);
    expect(sheetNames(['***', '  '])).toEqual(['Sheet', 'Sheet (2)']);
  });

  it('are unique in the workbook, ignoring case, within 31 characters', () => {
    const long = 'Maximiliana Alexandra Fitzgerald';
    const names = sheetNames(['Ana', 'ana', 'ANA', `${long} One`, `${long} Two`, 'Ana (2)']);
    expect(names).toEqual(['Ana', 'ana (2)', 'ANA (3)', 'Maximiliana Alexandra Fitzgeral', 'Maximiliana Alexandra Fitzg (2)', 'Ana (2) (2)']);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(SHEET_NAME_MAX);
  });

  it('never split a character made of two code units', () => {
    const [name] = sheetNames([`${'a'.repeat(30)}😀😀`]);
    expect(name).toBe(`${'a'.repeat(30)}😀`);
  });
});

describe('file names', () => {
  it('carry the company, the person or team and the months, and end as core §9 says', () => {
    expect(exportFileName('attendance', { company: 'Acme', subject: 'Ana Apollo' }, exportMonths({ from: '2026-03' }))).toBe('Acme - Ana Apollo - Mar 2026 - Attendance Data.xlsx');
    expect(exportFileName('timelog', { company: 'Acme', subject: 'Apollo' }, exportMonths({ from: '2026-01', to: '2026-03' }))).toBe(
      'Acme - Apollo - Jan 2026 to Mar 2026 - Timelog Data.xlsx',
    );
  });

  it('leave out what file systems refuse and keep long names short', () => {
    const name = exportFileName('timelog', { company: 'A/B: "C"\n', subject: 'x'.repeat(200) }, exportMonths({ from: '2026-03' }));
    expect(name).toBe(`A B C - ${'x'.repeat(60)} - Mar 2026 - Timelog Data.xlsx`);
  });
});
