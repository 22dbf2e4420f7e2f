/**
 * Names people choose (companies, teams, their own) go into mails: spam
 * would like them to carry a link ("Claim your prize at http://…"). So in a
 * mail they are never link-shaped: whatever a mail client would turn into a
 * link is broken the way security reports "defang" addresses, `http[:]//`
 * and `evil[.]example`. The only links in our mails are our own.
 */

/** Longest a chosen name runs in a subject, in characters, its '…' included. */
export const SUBJECT_NAME_LENGTH = 40;

/** The colon of "://", whatever the scheme. */
const SCHEME_SEPARATOR = /:(?=\s*\/\/)/g;
/** A dot (or an ideographic one) between a name and a top-level-domain-like run of letters: "www.evil.com", "evil.example". */
const DOMAIN_DOT = /(?<=[\p{L}\p{N}_-])[.\u3002\uff0e\uff61](?=\p{L}{2,}|xn--)/giu;

/** The text with nothing a mail client would make a link of: `http://evil.example` reads `http[:]//evil[.]example`. */
export function unlinked(text: string): string {
  return text.replace(SCHEME_SEPARATOR, '[:]').replace(DOMAIN_DOT, '[.]');
}

/** On one line: control characters (a line break in a subject would end the header) become spaces. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').replace(/\s+/g, ' ').trim();

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** At most `length` characters (as people count them), ending with '…' when cut. */
function cut(text: string, length: number): string {
  const characters = Array.from(segmenter.segment(text), (part) => part.segment);
  return characters.length <= length ? text : `${characters.slice(0, length - 1).join('').trimEnd()}…`;
}

/**
 * A chosen name as a subject shows it: quoted, so it reads as a name and not
 * as our words, cut at SUBJECT_NAME_LENGTH, and never link-shaped. Quotes in
 * the name become single ones, so it cannot end the quotation early.
 */
export function subjectName(name: string): string {
  return `“${cut(oneLine(unlinked(name)).replace(/["“”„‟«»]/g, "'"), SUBJECT_NAME_LENGTH)}”`;
}

/** A chosen name as a mail's text shows it: whole, never link-shaped. */
export function textName(name: string): string {
  return oneLine(unlinked(name));
}
