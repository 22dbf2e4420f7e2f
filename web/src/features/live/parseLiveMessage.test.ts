import { describe, expect, it } from 'vitest';
import { parseLiveMessage } from './parseLiveMessage';

describe('parseLiveMessage', () => {
  it('reads ready and changed messages, dropping audiences it does not know', () => {
    expect(parseLiveMessage('{"type":"ready"}')).toEqual({ type: 'ready' });
    expect(
      parseLiveMessage('{"type":"changed","scopes":[{"kind":"email","id":"a@b.co","family":"invites"},{"kind":"planet","id":"x"},{"kind":"company"}]}'),
    ).toEqual({ type: 'changed', scopes: [{ kind: 'email', id: 'a@b.co', family: 'invites' }] });
    expect(parseLiveMessage('nonsense')).toBeNull();
  });

  it('reads the company the server stopped telling of, and only with its id', () => {
    expect(parseLiveMessage('{"type":"unfollowed","companyId":"c1"}')).toEqual({ type: 'unfollowed', companyId: 'c1' });
    expect(parseLiveMessage('{"type":"unfollowed"}')).toBeNull();
  });

  it('keeps a family and key only when they are text, and nothing else of a scope', () => {
    expect(
      parseLiveMessage('{"type":"changed","scopes":[{"kind":"company","id":"c1","family":"task","key":"WA-1","extra":1},{"kind":"company","id":"c2","family":7,"key":null}]}'),
    ).toEqual({
      type: 'changed',
      scopes: [
        { kind: 'company', id: 'c1', family: 'task', key: 'WA-1' },
        { kind: 'company', id: 'c2' },
      ],
    });
  });
});
