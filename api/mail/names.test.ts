import { describe, expect, it } from 'vitest';
import { SUBJECT_NAME_LENGTH, subjectName, textName, unlinked } from './names.ts';

/**
 * What mail clients turn into links in plain text, as generously as the
 * keenest of them: anything with a scheme, www., an e-mail address, or a
 * name followed by a dot and a top-level-domain-like run of letters.
 */
const linkLike = /[a-z][a-z0-9+.-]*:\/\/|www\.|[\p{L}\p{N}_-]+@[\p{L}\p{N}_-]+\.\p{L}{2,}|[\p{L}\p{N}_-]\.\p{L}{2,}/iu;

const spam = 'Claim your prize at http://evil.example/win?you=1 or www.prize.com now';

describe('names people chose, in mails', () => {
  it('break whatever a mail client would make a link of', () => {
    for (const name of [spam, 'HTTPS://Evil.Example', 'evil.com/claim', 'mail me: win@prize.co.uk', 'hxxp :// evil。com', 'ftp://files.evil.example', 'xn--80ak6aa92e.com']) {
      expect(unlinked(name)).not.toMatch(linkLike);
      expect(textName(name)).not.toMatch(linkLike);
      expect(subjectName(name)).not.toMatch(linkLike);
    }
    expect(unlinked('Claim at http://evil.example/x')).toBe('Claim at http[:]//evil[.]example/x');
  });

  it('leave ordinary names as they are', () => {
    for (const name of ['Acme Remote', 'Ada Lovelace', 'J.R. Ewing & Co.', 'Team 2.0', 'Müller GmbH', 'O’Brien: Design']) {
      expect(unlinked(name)).toBe(name);
      expect(textName(name)).toBe(name);
    }
  });

  it('quote a name in a subject and cut it at 40 characters with an ellipsis', () => {
    expect(subjectName('Acme Remote')).toBe('“Acme Remote”');
    const long = subjectName(spam);
    expect(long).toBe('“Claim your prize at http[:]//evil[.]exa…”');
    expect(Array.from(long.slice(1, -1))).toHaveLength(SUBJECT_NAME_LENGTH);
    expect(subjectName('x'.repeat(SUBJECT_NAME_LENGTH))).toBe(`“${'x'.repeat(SUBJECT_NAME_LENGTH)}”`);
    // Cut between characters as people see them, never inside one.
    expect(subjectName('👩‍👩‍👧'.repeat(50))).toBe(`“${'👩‍👩‍👧'.repeat(SUBJECT_NAME_LENGTH - 1)}…”`);
  });

  it('keep a subject on one line, and a name inside its quotes', () => {
    expect(subjectName('Acme\r\nBcc: victim@example.com')).toBe('“Acme Bcc: victim@example[.]com”');
    expect(subjectName('Acme” is hiring, see “jobs')).toBe("“Acme' is hiring, see 'jobs”");
    expect(textName('  Acme \n Remote ')).toBe('Acme Remote');
  });
});
