import { describe, expect, it } from 'vitest';
import { readAfterHeaders, rememberPosition } from './readAfter';

describe('read after', () => {
  it('keeps the newest position in log order, whatever order the answers come in', () => {
    expect(readAfterHeaders()).toEqual({});
    rememberPosition({ position: '900.12' });
    rememberPosition({ position: '1000.5' });
    rememberPosition({ position: '999.99' });
    rememberPosition({ position: null });
    rememberPosition({ message: 'no position' });
    rememberPosition({ position: 'garbage' });
    expect(readAfterHeaders()).toEqual({ 'x-read-after': '1000.5' });
    rememberPosition({ position: '1000.6' });
    expect(readAfterHeaders()).toEqual({ 'x-read-after': '1000.6' });
  });
});
