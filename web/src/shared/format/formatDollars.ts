const dollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents as dollars with 2 decimals (core §9), without the sign: the columns say ($). */
export function formatDollars(cents: number): string {
  return dollars.format(cents / 100);
}
