import { describe, expect, it } from 'vitest';
import { durationAxis, durationTicks, formatAxisDuration } from './durationAxis';

const labels = (maxValue: number, unitSeconds: number, minStepSeconds?: number) => {
  const axis = durationAxis(maxValue, { unitSeconds, minStepSeconds });
  return axis.ticks.map(axis.tickFormatter);
};

describe('duration axes', () => {
  it('labels one minute tracked (in hours) with ticks that differ, not 0h 0h 0h 0h 1m', () => {
    expect(labels(1 / 60, 3600, 60)).toEqual(['0', '1m']);
    expect(labels(1 / 60, 3600)).toEqual(['0', '15s', '30s', '45s', '1m']);
  });

  it('keeps minutes, hours and mixed values exact', () => {
    expect(labels(7 / 60, 3600, 60)).toEqual(['0', '2m', '4m', '6m', '8m']);
    expect(labels(50 / 60, 3600, 60)).toEqual(['0', '15m', '30m', '45m', '1h']);
    expect(labels(1.25, 3600, 60)).toEqual(['0', '30m', '1h', '1h 30m']);
    expect(labels(7.5, 3600, 60)).toEqual(['0', '2h', '4h', '6h', '8h']);
    expect(labels(0.75, 60)).toEqual(['0', '15s', '30s', '45s']);
  });

  it('gives every tick a label of its own, from seconds to hundreds of hours', () => {
    for (const max of [1, 7, 59, 61, 299, 3599, 3601, 5 * 3600 + 17, 23 * 3600, 160 * 3600, 2_000 * 3600]) {
      const ticks = durationTicks(max);
      const texts = ticks.map(formatAxisDuration);
      expect(new Set(texts).size, `max ${max}: ${texts.join(', ')}`).toBe(ticks.length);
      expect(ticks.length).toBeLessThanOrEqual(5);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
    }
  });

  it('draws an empty chart from 0 to an hour', () => {
    expect(labels(0, 3600, 60)).toEqual(['0', '1h']);
  });

  it('formats the parts a duration has', () => {
    expect(formatAxisDuration(0)).toBe('0');
    expect(formatAxisDuration(45)).toBe('45s');
    expect(formatAxisDuration(90)).toBe('1m 30s');
    expect(formatAxisDuration(3600)).toBe('1h');
    expect(formatAxisDuration(5400)).toBe('1h 30m');
    expect(formatAxisDuration(59.9999)).toBe('1m');
  });
});
