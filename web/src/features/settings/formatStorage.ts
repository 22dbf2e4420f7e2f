/** Bytes as people read storage, in decimal units as the server counts them: '310 MB', '1.2 GB', '5 GB'. */
export function formatStorage(bytes: number): string {
  const [size, unit] = bytes >= 1e9 ? [bytes / 1e9, 'GB'] : bytes >= 1e6 ? [bytes / 1e6, 'MB'] : [bytes / 1e3, 'KB'];
  return `${size.toLocaleString('en-US', { maximumFractionDigits: size < 10 ? 1 : 0 })} ${unit}`;
}
