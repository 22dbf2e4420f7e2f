import { describe, expect, it } from 'vitest';
import { isTaskId } from './task-id.ts';

describe('task id shape', () => {
  it('is a project prefix of two capitals, a dash and a running number from 1', () => {
    for (const id of ['WA-1', 'WA-12', 'XX-900']) expect(isTaskId(id)).toBe(true);
  });

  it('is not a path segment of another page', () => {
    for (const text of ['time-attendance', 'performance-dashboard', 'activity-log', 'wa-1', 'WA-0', 'WAB-1', 'WA-', `WA-${'1'.repeat(40)}`]) {
      expect(isTaskId(text)).toBe(false);
    }
  });
});
