import { describe, expect, it } from 'vitest';
import { approvalsSearch } from './approvalsSearch';

describe('the approvals page’s search', () => {
  it('keeps a well-formed day, the team and a known status', () => {
    expect(approvalsSearch({ day: '2026-03-04', team: 't1', status: 'Submitted' })).toEqual({ day: '2026-03-04', team: 't1', status: 'Submitted' });
    expect(approvalsSearch({ day: '4 March', status: 'Lost' })).toEqual({});
  });
});
