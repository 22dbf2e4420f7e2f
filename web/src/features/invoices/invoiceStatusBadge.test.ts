import { describe, expect, it } from 'vitest';
import { invoiceStatusBadge } from './invoiceStatusBadge';

describe('invoiceStatusBadge', () => {
  it('gives each status of management §4 its colour', () => {
    expect(['paid', 'pending', 'failed', 'draft', 'open', 'void', 'uncollectible'].map((status) => invoiceStatusBadge(status))).toEqual([
      { color: 'green', label: 'Paid' },
      { color: 'yellow', label: 'Pending' },
      { color: 'red', label: 'Failed' },
      { color: 'gray', label: 'Draft' },
      { color: 'blue', label: 'Open' },
      { color: 'gray', label: 'Void' },
      { color: 'dark', label: 'Uncollectible' },
    ]);
  });
  it('shows an unknown status as secondary with its text capitalised', () => {
    expect(invoiceStatusBadge('refunded')).toEqual({ color: 'gray', label: 'Refunded' });
  });
});
