import { describe, expect, it } from 'vitest';
import { formatHm } from './formatHm';

describe('an application dashboard figure of whole minutes', () => {
  it('shows hours and minutes', () => {
    expect(formatHm(0)).toBe('0hrs 0mins');
    expect(formatHm(5)).toBe('0hrs 5mins');
    expect(formatHm(59)).toBe('0hrs 59mins');
    expect(formatHm(65)).toBe('1hrs 5mins');
    expect(formatHm(26 * 60)).toBe('26hrs 0mins');
  });
});
