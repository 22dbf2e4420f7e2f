import { describe, expect, it } from 'vitest';
import { parseLiveMessage } from './parseLiveMessage';
import { scopeQueryKey } from './scopeQueryKey';

describe('parseLiveMessage', () => {
  it('reads ready and changed messages, dropping scopes it does not know', () => {
    expect(parseLiveMessage('{"type":"ready"}')).toEqual({ type: 'ready' });
    expect(
      parseLiveMessage('{"type":"changed","scopes":[{"kind":"email","id":"a@b.co"},{"kind":"planet","id":"x"}]}'),
    ).toEqual({ type: 'changed', scopes: [{ kind: 'email', id: 'a@b.co' }] });
    expect(parseLiveMessage('nonsense')).toBeNull();
  });
  it('maps e-mail scopes to the user own data', () => {
    expect(scopeQueryKey({ kind: 'email', id: 'a@b.co' })).toEqual(['me']);
    expect(scopeQueryKey({ kind: 'company', id: 'c1' })).toEqual(['company', 'c1']);
  });
});
