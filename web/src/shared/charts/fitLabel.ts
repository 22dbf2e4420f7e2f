/**
 * A name that fits `maxWidth` on one line: whole when it fits, else cut with
 * an ellipsis (the chart shows the whole name as the label's title). Names are
 * never wrapped, so a space stays a space.
 */
export function fitLabel(name: string, maxWidth: number, widthOf: (text: string) => number): string {
  if (widthOf(name) <= maxWidth) return name;
  for (let end = name.length - 1; end > 0; end--) {
    const cut = `${name.slice(0, end).trimEnd()}…`;
    if (widthOf(cut) <= maxWidth) return cut;
  }
  return '…';
}
