import { describe, expect, it } from 'vitest';
import { applicationChartData } from './applicationChartData';

describe('the application chart', () => {
  it('puts each application’s minutes in its category, leaving out those never used actively, ten at most', () => {
    const apps = [
      { application: 'YouTube', category: 'unproductive' as const, activeMs: 90_000, idleMs: 0 },
      { application: 'Slack', category: 'productive' as const, activeMs: 30_000, idleMs: 0 },
      { application: 'Finder', category: 'neutral' as const, activeMs: 0, idleMs: 5_000 },
    ];
    expect(applicationChartData(apps)).toEqual([
      { application: 'YouTube', productive: null, neutral: null, unproductive: 1.5 },
      { application: 'Slack', productive: 0.5, neutral: null, unproductive: null },
    ]);
    const many = Array.from({ length: 12 }, (_, n) => ({ application: `App ${n}`, category: 'neutral' as const, activeMs: 60_000, idleMs: 0 }));
    expect(applicationChartData(many)).toHaveLength(10);
  });
});
