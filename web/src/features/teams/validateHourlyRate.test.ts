import { describe, expect, it } from 'vitest';
import { validateHourlyRate } from './validateHourlyRate';

describe('validateHourlyRate', () => {
  it('accepts nothing, whole numbers and cents', () => {
    expect(validateHourlyRate('')).toBeNull();
    expect(validateHourlyRate('40')).toBeNull();
    expect(validateHourlyRate('42.50')).toBeNull();
  });
  it('rejects letters with the spec message', () => {
    expect(validateHourlyRate('4x')).toBe('Please enter only numeric characters.');
  });
});
