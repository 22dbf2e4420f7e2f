import { billingDateFormat } from '../../shared/subscription/billingDateFormat';

/** An amount in minor units (cents) in its currency, e.g. 2900 usd → $29.00 (management §9: divide by 100). */
export function formatAmount(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
  } catch {
    // A currency code Intl does not know: the number and the code as sent.
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** A date of an invoice, in the browser's calendar. */
export const formatInvoiceDate = (iso: string): string => billingDateFormat.format(new Date(iso));

/** The period an invoice bills, e.g. 'Mar 1, 2025 – Apr 1, 2025'. */
export const formatBillingPeriod = ({ start, end }: { start: string; end: string }): string =>
  billingDateFormat.formatRange(new Date(start), new Date(end));
