/** Stripe's hosted invoice pages live here; any other address is not opened (management §5). */
const HOSTED_INVOICE_ORIGIN = 'https://invoice.stripe.com';

/** The hosted invoice page to open, or the message that says why it cannot be opened. */
export function invoiceLink(hostedInvoiceUrl: string | null | undefined): { href: string } | { error: string } {
  if (!hostedInvoiceUrl) return { error: 'Invoice URL not available' };
  let url: URL;
  try {
    url = new URL(hostedInvoiceUrl);
  } catch {
    return { error: 'Invalid invoice URL' };
  }
  if (url.origin !== HOSTED_INVOICE_ORIGIN) return { error: 'Invalid invoice URL' };
  return { href: url.href };
}
