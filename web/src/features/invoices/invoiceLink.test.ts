import { describe, expect, it } from 'vitest';
import { invoiceLink } from './invoiceLink';

describe('invoiceLink', () => {
  it('opens a hosted invoice page of Stripe', () => {
    expect(invoiceLink('https://invoice.stripe.com/i/acct_1/test_abc')).toEqual({ href: 'https://invoice.stripe.com/i/acct_1/test_abc' });
  });
  it('refuses any other address, even one that only looks like Stripe’s', () => {
    for (const url of [
      'http://invoice.stripe.com/i/acct_1/test_abc',
      'https://invoice.stripe.com.example.com/i/1',
      'https://example.com/?https://invoice.stripe.com/',
      'https://user@evil.example/invoice.stripe.com',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(invoiceLink(url)).toEqual({ error: 'Invalid invoice URL' });
    }
  });
  it('says when there is no address at all', () => {
    expect(invoiceLink(null)).toEqual({ error: 'Invoice URL not available' });
    expect(invoiceLink('')).toEqual({ error: 'Invoice URL not available' });
  });
});
