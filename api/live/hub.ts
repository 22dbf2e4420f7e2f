import type { WebSocket } from 'ws';
import type { Scope } from '../../projections/projection.ts';

const key = (scope: Scope) => `${scope.kind}:${scope.id}`;

/**
 * The browsers connected to this process, by the scopes each may hear of.
 * A message names what changed, never the data: browsers refetch through the
 * same authorised queries as always.
 */
export class LiveHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();

  connect(socket: WebSocket, audience: Scope[]): void {
    const keys = audience.map(key);
    for (const k of keys) {
      if (!this.sockets.has(k)) this.sockets.set(k, new Set());
      this.sockets.get(k)!.add(socket);
    }
    socket.on('close', () => {
      for (const k of keys) {
        const set = this.sockets.get(k);
        set?.delete(socket);
        if (set?.size === 0) this.sockets.delete(k);
      }
    });
  }

  publish(scopes: Scope[]): void {
    const bySocket = new Map<WebSocket, Scope[]>();
    for (const scope of scopes) {
      for (const socket of this.sockets.get(key(scope)) ?? []) {
        bySocket.set(socket, [...(bySocket.get(socket) ?? []), scope]);
      }
    }
    for (const [socket, heard] of bySocket) {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'changed', scopes: heard }));
    }
  }

  get connectionCount(): number {
    return new Set([...this.sockets.values()].flatMap((set) => [...set])).size;
  }
}
