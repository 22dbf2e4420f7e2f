import { APP_HEADERS, messageOf } from '../../lib/api';
import { ApiError } from '../../lib/ApiError';
import { readAfterHeaders } from '../../lib/readAfter';
import { fileNameOf } from './fileNameOf';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ExportFile {
  blob: Blob;
  /** As the server names it (Content-Disposition), else `fallbackName`. */
  fileName: string;
}

interface FetchOptions {
  /** Aborts the download (Cancel). */
  signal: AbortSignal;
  /** Told the bytes received so far as they arrive: the server streams the file while it writes it. */
  onProgress: (receivedBytes: number) => void;
}

/**
 * Downloads a spreadsheet the server streams, reading it as it comes so the
 * dialog can show progress. A refusal is an ApiError with the server's
 * message; a cancel rejects with the fetch's AbortError.
 */
export async function fetchExportFile(url: string, fallbackName: string, { signal, onProgress }: FetchOptions): Promise<ExportFile> {
  const response = await fetch(url, { credentials: 'include', headers: { Accept: `${XLSX}, application/json`, ...APP_HEADERS, ...readAfterHeaders() }, signal });
  if (!response.ok || !response.body) {
    const payload: unknown = await response.json().catch(() => undefined);
    throw new ApiError(response.status, messageOf(payload) ?? `Request failed (${response.status}).`);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return { blob: new Blob(chunks, { type: response.headers.get('content-type') ?? XLSX }), fileName: fileNameOf(response.headers.get('content-disposition'), fallbackName) };
}
