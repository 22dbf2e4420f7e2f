import { describe, expect, it } from 'vitest';
import { fileNameOf } from './fileNameOf';

describe('fileNameOf', () => {
  it('prefers the UTF-8 name to the plain one', () => {
    expect(fileNameOf(`attachment; filename="Acme - Zoe - Mar 2026 - Attendance Data.xlsx"; filename*=UTF-8''Acme%20-%20Zo%C3%AB%20-%20Mar%202026%20-%20Attendance%20Data.xlsx`, 'x.xlsx')).toBe(
      'Acme - Zoë - Mar 2026 - Attendance Data.xlsx',
    );
  });

  it('reads a quoted name with escapes, and a bare one', () => {
    expect(fileNameOf('attachment; filename="say \\"hi\\".xlsx"', 'x.xlsx')).toBe('say "hi".xlsx');
    expect(fileNameOf('attachment; filename=report.xlsx', 'x.xlsx')).toBe('report.xlsx');
  });

  it('falls back without a usable name (core §7: attendance_data.xlsx)', () => {
    expect(fileNameOf(null, 'attendance_data.xlsx')).toBe('attendance_data.xlsx');
    expect(fileNameOf('attachment', 'timelog_data.xlsx')).toBe('timelog_data.xlsx');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A", 'attendance_data.xlsx')).toBe('attendance_data.xlsx');
  });

  it('drops any folder from the name', () => {
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'x.xlsx')).toBe('passwd');
    expect(fileNameOf('attachment; filename="C:\\\\temp\\\\a.xlsx"', 'x.xlsx')).toBe('a.xlsx');
  });
});
