import { describe, expect, it } from 'vitest';
import { changedQueries } from '../live/changedQueries';
import { requestQueries } from './requestQueries';

const changeOf = (family: string) => changedQueries([{ kind: 'company', id: 'c1', family }]);

describe('a request’s history', () => {
  it('is refetched by a change of its own kind of request, not of the other', () => {
    const leaveHistory = requestQueries.history('c1', 'leave', 'r1').queryKey;
    const regularizationHistory = requestQueries.history('c1', 'regularization', 'r2').queryKey;
    expect([changeOf('leave')(leaveHistory), changeOf('leave')(regularizationHistory)]).toEqual([true, false]);
    expect([changeOf('regularization')(regularizationHistory), changeOf('regularization')(leaveHistory)]).toEqual([true, false]);
  });
});
