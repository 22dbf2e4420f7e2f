import { describe, expect, it } from 'vitest';
import { notificationsOf } from './runner.ts';
import { companyItemChanged, type Scope, scopesToTell } from '../domain/shared/scope.ts';

const task = (companyId: string, n: number) => companyItemChanged(companyId, 'task', `WA-${n}`);

describe('what a batch tells', () => {
  it('tells each change once, and not what a wider change of the batch covers', () => {
    const told = scopesToTell([
      task('a', 1),
      task('a', 1),
      { kind: 'company', id: 'a', family: 'tasks' },
      { kind: 'company', id: 'b', family: 'task' },
      task('b', 2),
      { kind: 'user', id: 'u', family: 'timer', key: 'a' },
      { kind: 'user', id: 'u' },
      { kind: 'user', id: 'v', family: 'timer', key: 'a' },
    ]);
    expect(told).toEqual([
      task('a', 1),
      { kind: 'company', id: 'a', family: 'tasks' },
      { kind: 'company', id: 'b', family: 'task' },
      { kind: 'user', id: 'u' },
      { kind: 'user', id: 'v', family: 'timer', key: 'a' },
    ]);
  });

  it('cuts nothing: past the limit, that company is told once that anything of its may have changed, the others keep their exact changes', () => {
    const busy = Array.from({ length: 51 }, (_, n) => task('busy', n));
    const quiet: Scope[] = [task('quiet', 1), { kind: 'company', id: 'quiet', family: 'tasks' }];
    const own: Scope = { kind: 'user', id: 'u', family: 'timer', key: 'busy' };

    expect(scopesToTell([...busy, ...quiet, own], 50)).toEqual([{ kind: 'company', id: 'busy' }, ...quiet, own]);
    expect(scopesToTell(busy.slice(0, 50), 50)).toEqual(busy.slice(0, 50));
  });
});

describe('the notifications a change goes in', () => {
  it('slices the scopes so that every payload stays under PostgreSQL’s 8,000 bytes, losing none', () => {
    const longAddress = (n: number) => `${'a'.repeat(300)}${n}@example.com`;
    const scopes: Scope[] = Array.from({ length: 120 }, (_, n): Scope[] => [
      { kind: 'email', id: longAddress(n), family: 'invites' },
      { kind: 'email', id: longAddress(n), family: 'profile' },
    ]).flat();
    const notifications = notificationsOf({ projection: 'invites', position: '1.1', applied: true, scopes });
    expect(notifications.length).toBeGreaterThan(1);
    for (const payload of notifications) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    expect(notifications.flatMap((payload) => JSON.parse(payload).scopes)).toEqual(scopes);
    expect(notificationsOf({ projection: 'invites', position: '1.1', applied: false, scopes: [] })).toHaveLength(1);
  });
});
