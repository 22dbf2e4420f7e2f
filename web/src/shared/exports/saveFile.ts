/** Hands a downloaded file to the browser to save, as a link with `download` would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the file after this task: freed at once, the save could find it gone.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
