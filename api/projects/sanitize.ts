import sanitizeHtml from 'sanitize-html';

/**
 * Exactly the address of an image uploaded to this server (see uploadTaskImage):
 * no other path, query or fragment, so no `../` leads elsewhere.
 */
const TASK_IMAGE =
  /^\/api\/companies\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/files\/task-images\/[A-Z]{2}-[1-9][0-9]*\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif)$/;

/** Is this the address of an image uploaded to this company's tasks? */
export const isTaskImageOf = (companyId: string, src: string) => TASK_IMAGE.exec(src)?.[1] === companyId;

/**
 * The allow-list for rich text written by one user and shown to others
 * (comments, task descriptions): formatting, lists, code, links and the
 * company's own uploaded images. No scripts, event handlers, styles or
 * javascript: URLs.
 */
const options = (companyId: string): sanitizeHtml.IOptions => ({
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'hr', 'a', 'img', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && !isTaskImageOf(companyId, frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
  },
  disallowedTagsMode: 'discard',
});

/** Rich text as it may be stored in this company: the allowed HTML, and its plain text. */
export function sanitizeRichText(html: string, companyId: string): { html: string; text: string } {
  const clean = sanitizeHtml(html ?? '', options(companyId));
  const text = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
  return { html: clean, text };
}
