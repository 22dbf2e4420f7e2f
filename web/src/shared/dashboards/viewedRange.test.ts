import { describe, expect, it } from 'vitest';
import { rangeMessages } from '../../../../domain/dashboards/range.ts';
import { viewedRange } from './viewedRange';

const today = '2025-03-05';

describe('viewedRange', () => {
  it('shows the last 7 days when the URL names no range', () => {
    expect(viewedRange({}, today)).toEqual({ preset: 7, range: { from: '2025-02-27', to: today }, problem: null });
  });
  it('counts a preset back from today', () => {
    expect(viewedRange({ range: 0 }, today).range).toEqual({ from: today, to: today });
    expect(viewedRange({ range: 1 }, today).range).toEqual({ from: '2025-03-04', to: '2025-03-04' });
    expect(viewedRange({ range: 30 }, today).range).toEqual({ from: '2025-02-04', to: today });
  });
  it('prefers a custom range to a preset', () => {
    expect(viewedRange({ range: 1, from: '2025-01-01', to: '2025-01-31' }, today)).toEqual({
      preset: null,
      range: { from: '2025-01-01', to: '2025-01-31' },
      problem: null,
    });
  });
  it('says why a custom range cannot be shown', () => {
    expect(viewedRange({ from: '2025-02-01', to: '2025-01-01' }, today).problem).toBe(rangeMessages.reversed);
    expect(viewedRange({ from: '2025-02-01' }, today).problem).toBe(rangeMessages.malformed);
    expect(viewedRange({ from: '2023-01-01', to: '2025-01-01' }, today).problem).toBe(rangeMessages.tooLong);
  });
});
