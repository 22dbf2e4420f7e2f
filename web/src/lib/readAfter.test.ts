import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module as a freshly loaded page has it. */
const loaded = async () => {
  vi.resetModules();
  return import('./readAfter');
};

/** A tab's session storage. */
function tabStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

afterEach(() => vi.unstubAllGlobals());

describe('read after', () => {
  it('keeps the newest position in log order, whatever order the answers come in', async () => {
    const { readAfterHeaders, rememberPosition } = await loaded();
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

  it('keeps the position over a reload of the tab, and ignores a stored one that is not a position', async () => {
    vi.stubGlobal('sessionStorage', tabStorage());
    (await loaded()).rememberPosition({ position: '42.7' });
    expect((await loaded()).readAfterHeaders()).toEqual({ 'x-read-after': '42.7' });
    sessionStorage.setItem('timeledger.read-after', 'nonsense');
    expect((await loaded()).readAfterHeaders()).toEqual({});
  });
});
