import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';

/** A secret of 256 bits (API tokens); only its hash is stored. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The key mailed links are derived from: a key of its own, derived from the
 * server's secret (JWT_SECRET or DATA_DIR/jwt-secret), which every process
 * that answers or mails links shares. Changing that secret voids the links
 * not yet followed.
 */
export function mailLinkKey(serverSecret: string): string {
  return createHmac('sha256', serverSecret).update('timeledger mailed links').digest('base64url');
}

/**
 * A mailed link's secret, derived from the key and the link's id: the event
 * keeps the id and the secret's hash, and the mail reactor, which has the
 * key, writes the link into the mail. Someone reading the log alone cannot.
 */
export function mailedLinkToken(key: string, linkId: string): string {
  return createHmac('sha256', key).update(linkId).digest('base64url');
}

/** A new link to mail: its id for the event, and its secret's hash for the decider. */
export function newMailedLink(key: string): { linkId: string; tokenHash: string } {
  const linkId = randomUUID();
  return { linkId, tokenHash: hashLinkToken(mailedLinkToken(key, linkId)) };
}
