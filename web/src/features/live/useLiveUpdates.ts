import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { parseLiveMessage } from './parseLiveMessage';
import { changedQueries } from '../../shared/live/changedQueries';

/** The server closes a socket with this code when its session is missing or ended (SIGNED_OUT_CLOSE in api/live/routes.ts). */
const SIGNED_OUT_CLOSE = 4401;
const firstRetryMs = 1_000;
const maxRetryMs = 30_000;

function liveUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/api/live`;
}

/**
 * Keeps the query cache in step with the server: the socket at /api/live
 * (cookie auth) names what changed, and the queries that show it are
 * invalidated (key convention in changedQueries). The socket hears of the
 * user by itself and of one company once told to follow it: on 'ready' and
 * whenever the active company changes. When the socket drops it reconnects
 * with exponential backoff, and after a reconnect everything is invalidated
 * because changes may have been missed meanwhile.
 */
export function useLiveUpdates(companyId: string | null): void {
  const queryClient = useQueryClient();
  const followed = useRef(companyId);
  // The socket once the server listens to it ('ready'), else null.
  const readySocket = useRef<WebSocket | null>(null);

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failedAttempts = 0;
    let reconnecting = false;
    let stopped = false;

    const connect = () => {
      const current = new WebSocket(liveUrl());
      socket = current;

      current.onopen = () => {
        failedAttempts = 0;
        if (reconnecting) void queryClient.invalidateQueries();
        reconnecting = false;
      };

      current.onmessage = (event) => {
        const message = parseLiveMessage(event.data);
        if (!message) return;
        if (message.type === 'ready') {
          readySocket.current = current;
          follow(current, followed.current);
          return;
        }
        if (message.type === 'unfollowed') {
          // No longer a member: the profile's company list finds out (LostCompanyRedirect), and the company's pages their 404.
          void queryClient.invalidateQueries({ queryKey: ['me'], exact: true });
          void queryClient.invalidateQueries({ queryKey: ['company', message.companyId] });
          return;
        }
        // One invalidation per message: a query several of its changes name is fetched once.
        const changed = changedQueries(message.scopes);
        void queryClient.invalidateQueries({ predicate: (query) => changed(query.queryKey) });
      };

      current.onclose = (event) => {
        socket = null;
        if (readySocket.current === current) readySocket.current = null;
        if (stopped) return;
        // The session ended (signed out elsewhere, password reset): refetching finds out, and the app goes to sign-in.
        if (event.code === SIGNED_OUT_CLOSE) void queryClient.invalidateQueries();
        reconnecting = true;
        const backoff = Math.min(maxRetryMs, firstRetryMs * 2 ** failedAttempts);
        failedAttempts += 1;
        // Jitter keeps many tabs from reconnecting in lockstep after a server restart.
        retryTimer = setTimeout(connect, backoff / 2 + Math.random() * (backoff / 2));
      };
    };

    connect();

    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      readySocket.current = null;
      socket?.close();
    };
  }, [queryClient]);

  useEffect(() => {
    if (followed.current === companyId) return;
    followed.current = companyId;
    if (readySocket.current) follow(readySocket.current, companyId);
    // Changes to this company went unheard while another one was followed.
    if (companyId) void queryClient.invalidateQueries({ queryKey: ['company', companyId] });
  }, [companyId, queryClient]);
}

/** Tells the server which company's changes this browser wants; null follows none. */
function follow(socket: WebSocket, companyId: string | null): void {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'follow', companyId }));
}
