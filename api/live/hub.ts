import type { WebSocket } from 'ws';
import type { Scope } from '../../projections/projection.ts';

const key = (scope: Scope) => `${scope.kind}:${scope.id}`;

/**
 * The browsers connected to this process, by the audiences each may hear of
 * (its user, its e-mail address, the company it follows). A message names
 * what changed, never the data: each browser refetches the queries it shows
 * of that, through the same authorised routes as always.
 */
export class LiveHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private readonly audiences = new Map<WebSocket, Set<string>>();

  connect(socket: WebSocket, audience: Scope[]): void {
    this.audiences.set(socket, new Set());
    for (const scope of audience) this.add(socket, scope);
    socket.on('close', () => {
      for (const k of this.audiences.get(socket) ?? []) this.remove(socket, k);
      this.audiences.delete(socket);
    });
  }

  /** Replaces the socket's scopes of one kind (e.g. the company the browser has open). */
  follow(socket: WebSocket, kind: Scope['kind'], scopes: Scope[]): void {
    const keys = this.audiences.get(socket);
    if (!keys) return;
    for (const k of [...keys]) if (k.startsWith(`${kind}:`)) this.remove(socket, k);
    for (const scope of scopes) this.add(socket, scope);
  }

  publish(scopes: Scope[]): void {
    const bySocket = new Map<WebSocket, Scope[]>();
    for (const scope of scopes) {
      for (const socket of this.sockets.get(key(scope)) ?? []) {
        const heard = bySocket.get(socket);
        if (heard) heard.push(scope);
        else bySocket.set(socket, [scope]);
      }
    }
    for (const [socket, heard] of bySocket) {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'changed', scopes: heard }));
    }
  }

  get connectionCount(): number {
    return this.audiences.size;
  }

  private add(socket: WebSocket, scope: Scope) {
    const k = key(scope);
    if (!this.sockets.has(k)) this.sockets.set(k, new Set());
    this.sockets.get(k)!.add(socket);
    this.audiences.get(socket)?.add(k);
  }

  private remove(socket: WebSocket, k: string) {
    const set = this.sockets.get(k);
    set?.delete(socket);
    if (set?.size === 0) this.sockets.delete(k);
    this.audiences.get(socket)?.delete(k);
  }
}
