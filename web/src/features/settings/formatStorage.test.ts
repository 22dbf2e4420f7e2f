import { describe, expect, it } from 'vitest';
import { formatStorage } from './formatStorage';

describe('formatStorage', () => {
  it('tells bytes in decimal units, with one decimal under ten', () => {
    expect(formatStorage(0)).toBe('0 KB');
    expect(formatStorage(52_300)).toBe('52 KB');
    expect(formatStorage(310_000_000)).toBe('310 MB');
    expect(formatStorage(1_240_000_000)).toBe('1.2 GB');
    expect(formatStorage(5_000_000_000)).toBe('5 GB');
  });
});
