import { describe, expect, it } from 'vitest';
import { formatElapsed } from './formatElapsed';

describe('formatElapsed', () => {
  it('shows h:mm:ss with padded minutes and seconds', () => {
    expect(formatElapsed(0)).toBe('0:00:00');
    expect(formatElapsed(59)).toBe('0:00:59');
    expect(formatElapsed(3_600 + 2 * 60 + 5)).toBe('1:02:05');
    expect(formatElapsed(27 * 3_600)).toBe('27:00:00');
  });
  it('drops fractions and never shows a negative time', () => {
    expect(formatElapsed(61.9)).toBe('0:01:01');
    expect(formatElapsed(-5)).toBe('0:00:00');
  });
});
