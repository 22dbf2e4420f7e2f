/** The badge of each invoice status (management §4), in the theme's colours: success, warning, danger, secondary, info, dark. */
const colors = new Map([
  ['paid', 'green'],
  ['pending', 'yellow'],
  ['failed', 'red'],
  ['draft', 'gray'],
  ['open', 'blue'],
  ['void', 'gray'],
  ['uncollectible', 'dark'],
]);

/** An invoice status's badge: its colour and its text, capitalised; an unknown status is secondary (gray). */
export function invoiceStatusBadge(status: string): { color: string; label: string } {
  return { color: colors.get(status) ?? 'gray', label: status.charAt(0).toUpperCase() + status.slice(1) };
}
