import { describe, expect, it } from 'vitest';
import { formatBytes } from './formatBytes';

describe('formatBytes', () => {
  it('counts kilobytes under a megabyte, then megabytes to one decimal', () => {
    expect(formatBytes(0)).toBe('0 KB');
    expect(formatBytes(250_000)).toBe('244 KB');
    expect(formatBytes(1024 * 1024)).toBe('1.0 MB');
    expect(formatBytes(5_500_000)).toBe('5.2 MB');
  });
});
