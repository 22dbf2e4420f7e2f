import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import type { Database } from '../../projections/database.ts';
import { currentMemberships } from '../../projections/organisation/queries.ts';
import { inChunks } from '../../projections/projection.ts';
import type { LiveHub } from './hub.ts';
import type { ReadModelWatcher } from './read-model-watcher.ts';

interface Follow {
  userId: string;
  companyId: string;
}

/** What a socket is told when it stops hearing the company it followed because its user is no longer a member. */
export const unfollowedMessage = (companyId: string) => JSON.stringify({ type: 'unfollowed', companyId });

const pairOf = ({ companyId, userId }: Follow) => `${companyId}:${userId}`;

/** Which of these (company, user) pairs are members now, as "companyId:userId". */
async function membersAmong(db: Kysely<Database>, follows: readonly Follow[]): Promise<Set<string>> {
  const pairs = [...new Map(follows.map((follow) => [pairOf(follow), follow])).values()];
  const members = new Set<string>();
  for (const chunk of inChunks(pairs, 1000)) {
    for (const member of await currentMemberships(db, chunk)) members.add(pairOf(member));
  }
  return members;
}

/**
 * The company each live socket follows, and only while its user is a member
 * of it. A follow is checked against the membership; and whenever the
 * memberships change, in this process or another (the watcher hears every
 * batch), a socket following a company its user was removed from stops
 * hearing it at once and is told so. The company's notices do not depend on
 * the role (they name what changed, never the data, and each browser
 * refetches through its authorised routes), so a role change narrows nothing.
 */
export class CompanyFollowers {
  private readonly following = new Map<WebSocket, Follow>();
  /** Each socket's latest follow message: an earlier one answered later changes nothing. */
  private readonly latestAsk = new WeakMap<WebSocket, object>();
  /** Membership changes heard so far: a check that one overtook is read again. */
  private membershipChanges = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly hub: LiveHub,
    watcher: ReadModelWatcher,
  ) {
    watcher.onTablesChanged((tables) => {
      if (tables.includes('company_members')) this.membershipsChanged();
    });
  }

  /** Follows the company (null: none) if the user is a member of it, else follows none. Never throws. */
  async follow(socket: WebSocket, userId: string, companyId: string | null): Promise<void> {
    if (!this.latestAsk.has(socket)) socket.once('close', () => this.following.delete(socket));
    const ask = {};
    this.latestAsk.set(socket, ask);
    // A membership that cannot be read now is not heard of: the browser follows again when it reconnects.
    const member = companyId !== null && (await this.isMemberNow({ userId, companyId }).catch(() => false));
    const followed = member && companyId !== null ? { userId, companyId } : null;
    if (this.latestAsk.get(socket) !== ask || socket.readyState !== socket.OPEN) return;
    if (followed) this.following.set(socket, followed);
    else this.following.delete(socket);
    this.hub.follow(socket, 'company', followed ? [{ kind: 'company', id: followed.companyId }] : []);
  }

  /**
   * A membership read that no membership change overtook: a removal whose
   * notice arrives while it reads is read again, and one that arrives after
   * finds the socket following and unfollows it (membershipsChanged).
   */
  private async isMemberNow(follow: Follow): Promise<boolean> {
    for (;;) {
      const seen = this.membershipChanges;
      const member = (await membersAmong(this.db, [follow])).has(pairOf(follow));
      if (seen === this.membershipChanges) return member;
    }
  }

  private membershipsChanged() {
    this.membershipChanges += 1;
    if (this.following.size === 0) return;
    const checked = [...this.following];
    membersAmong(this.db, checked.map(([, follow]) => follow))
      .then((members) => {
        for (const [socket, follow] of checked) {
          if (this.following.get(socket) === follow && !members.has(pairOf(follow))) this.unfollow(socket, follow);
        }
      })
      .catch(() => undefined);
  }

  private unfollow(socket: WebSocket, follow: Follow) {
    this.following.delete(socket);
    this.hub.follow(socket, 'company', []);
    if (socket.readyState === socket.OPEN) socket.send(unfollowedMessage(follow.companyId));
  }
}
