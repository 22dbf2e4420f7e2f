import { describe, expect, it } from 'vitest';
import { MIN_PERCENT_LABEL, percentLabel } from './percentLabel';

describe('percentLabel', () => {
  it('shows a share as a percentage', () => {
    expect(percentLabel(87.5)).toBe('87.5%');
    expect(percentLabel(0.1)).toBe('0.1%');
  });
  it('shows the minimum label at or below 0% (core §9)', () => {
    expect(percentLabel(0)).toBe(MIN_PERCENT_LABEL);
    expect(percentLabel(-3)).toBe(MIN_PERCENT_LABEL);
  });
});
