import { describe, expect, it } from 'vitest';
import { companyChanges } from '../../../../domain/shared/scope.ts';
import { invoicesQueryOptions } from './invoicesQueryOptions';
import { changedQueries } from '../../shared/live/changedQueries';
import { billingQueryOptions } from '../../shared/subscription/billingQueryOptions';

describe('billing queries', () => {
  it('are refreshed by the changes the billing read model tells (a webhook reaches an open page)', () => {
    const changed = changedQueries(companyChanges('c1', 'details'));
    expect(changed(billingQueryOptions.subscription('c1').queryKey)).toBe(true);
    expect(changed(invoicesQueryOptions('c1', 2).queryKey)).toBe(true);
    expect(changed(billingQueryOptions.subscription('c2').queryKey)).toBe(false);
  });
});
