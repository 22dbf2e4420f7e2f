/**
 * How far the server's clock is ahead of this machine's, in milliseconds.
 * The server read its clock somewhere during the round trip; halfway is the
 * best guess, so the answer is compared with the midpoint of sending and receiving.
 */
export function clockOffset(serverTimestamp: number, sentAt: number, receivedAt: number): number {
  return Math.round(serverTimestamp - (sentAt + receivedAt) / 2);
}
