/** The text of rich text (HTML), for history lines and emptiness checks; parsing this way runs no scripts and loads no images. */
export function plainText(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Rich text with no words and no image, as the server refuses it for a Summary or a comment. */
export function isRichTextEmpty(html: string): boolean {
  return plainText(html) === '' && !/<img\b/i.test(html);
}
