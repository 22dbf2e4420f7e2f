import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for rich text written by one user and shown to others
 * (comments, task descriptions): formatting, lists, code, links and our own
 * uploaded images. No scripts, event handlers, styles or javascript: URLs.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'hr', 'a', 'img', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // Images only from this server's own authorised file route.
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^\/api\/companies\/[0-9a-f-]{36}\/files\/task-images\//.test(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
  },
  disallowedTagsMode: 'discard',
};

export function sanitizeRichText(html: string): { html: string; text: string } {
  const clean = sanitizeHtml(html ?? '', options);
  const text = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
  return { html: clean, text };
}
