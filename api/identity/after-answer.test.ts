import { describe, expect, it } from 'vitest';
import { afterAnswerQueue } from './after-answer.ts';

const never = () => new Promise<never>(() => undefined);
const silent = { error: () => undefined };

describe('work after the answer', () => {
  it('runs tasks one at a time in order, and logs a failure without stopping the others', async () => {
    const queue = afterAnswerQueue();
    const done: string[] = [];
    const logged: unknown[] = [];
    const log = { error: (object: unknown) => logged.push(object) };
    queue.push(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done.push('first');
    }, log);
    queue.push(async () => {
      throw new Error('mail server down');
    }, log);
    queue.push(async () => {
      done.push('third');
    }, log);
    expect(done).toEqual([]);
    await queue.idle();
    expect(done).toEqual(['first', 'third']);
    expect(logged).toEqual([{ err: new Error('mail server down') }]);
  });

  it('drops a task when too many wait, and says so', async () => {
    const queue = afterAnswerQueue(1);
    const logged: string[] = [];
    queue.push(never, silent);
    queue.push(async () => undefined, { error: (_object, message) => logged.push(message) });
    expect(logged).toEqual(['too much work waiting after answers: a task was dropped']);
  });
});
