import { describe, expect, it } from 'vitest';
import { formatAmount } from './formatInvoice';

describe('formatAmount', () => {
  it('reads the amount in minor units', () => {
    expect(formatAmount(2900, 'usd')).toBe(new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(29));
  });
  it('still shows an amount whose currency code is unknown', () => {
    expect(formatAmount(1250, 'x1')).toBe('12.50 X1');
  });
});
