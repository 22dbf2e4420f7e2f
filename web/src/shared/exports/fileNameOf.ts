/**
 * The file name a Content-Disposition header gives (RFC 6266): its UTF-8
 * `filename*` when present, else its `filename`, else `fallback`. Any path in
 * it is dropped: the browser saves under a name, never a folder.
 */
export function fileNameOf(contentDisposition: string | null, fallback: string): string {
  const header = contentDisposition ?? '';
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header);
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;\s]+))/i.exec(header);
  const name = extended ? decoded(extended[1]) : plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]) : null;
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base || fallback;
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
