import { describe, expect, it } from 'vitest';
import { individualDashboardSearch, rangeSearch, teamDashboardSearch } from './dashboardSearch';

describe('rangeSearch', () => {
  it('keeps a known preset, as the router parsed it or as text', () => {
    expect(rangeSearch({ range: 30 })).toEqual({ range: 30 });
    expect(rangeSearch({ range: '0' })).toEqual({ range: 0 });
  });
  it('drops an unknown preset', () => {
    expect(rangeSearch({ range: 14 })).toEqual({});
    expect(rangeSearch({ range: 'week' })).toEqual({});
    expect(rangeSearch({ range: true })).toEqual({});
  });
  it('keeps the custom days as given, for the view to check', () => {
    expect(rangeSearch({ from: '2025-07-01', to: '2025-07-31' })).toEqual({ from: '2025-07-01', to: '2025-07-31' });
    expect(rangeSearch({ from: 'soon', to: '' })).toEqual({ from: 'soon' });
  });
});

describe('the dashboard searches', () => {
  it('keep the team dashboard’s company link, team and range', () => {
    expect(teamDashboardSearch({ cid: 'c1', select: 1, team: 't1', range: 1, user: 'u1', other: 'x' })).toEqual({
      cid: 'c1',
      select: '1',
      team: 't1',
      range: 1,
    });
  });
  it('keep the individual dashboard’s person and range', () => {
    expect(individualDashboardSearch({ user: 'u1', from: '2025-07-01', to: '2025-07-02', team: 't1' })).toEqual({
      user: 'u1',
      from: '2025-07-01',
      to: '2025-07-02',
    });
  });
  it('keep the day of the individual dashboard’s screenshots link', () => {
    expect(individualDashboardSearch({ user: 'u1', from: '2025-07-02', to: '2025-07-02', screenshots: '2025-07-02' })).toEqual({
      user: 'u1',
      from: '2025-07-02',
      to: '2025-07-02',
      screenshots: '2025-07-02',
    });
    expect(individualDashboardSearch({ screenshots: '2025-07-02' })).toEqual({ screenshots: '2025-07-02' });
  });
  it('drop a screenshots parameter that is no day', () => {
    for (const screenshots of ['', 'today', '2025-02-30', '2025-7-2', 20250702, true]) expect(individualDashboardSearch({ screenshots })).toEqual({});
  });
});
