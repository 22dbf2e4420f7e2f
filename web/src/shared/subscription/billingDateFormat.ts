/** The dates of billing (invoices, periods, payment attempts), in the browser's calendar: 'Mar 1, 2025'. */
export const billingDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
