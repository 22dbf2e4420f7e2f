import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { parseLiveMessage } from './parseLiveMessage';
import { scopeQueryKey } from './scopeQueryKey';

const firstRetryMs = 1_000;
const maxRetryMs = 30_000;

function liveUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/api/live`;
}

/**
 * Keeps the query cache in step with the server: the socket at /api/live
 * (cookie auth) names the scopes that changed and their queries are
 * invalidated (key convention in scopeQueryKey). When the socket drops it
 * reconnects with exponential backoff, and after a reconnect everything is
 * invalidated because changes may have been missed meanwhile.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failedAttempts = 0;
    let reconnecting = false;
    let stopped = false;

    const connect = () => {
      socket = new WebSocket(liveUrl());

      socket.onopen = () => {
        failedAttempts = 0;
        if (reconnecting) void queryClient.invalidateQueries();
        reconnecting = false;
      };

      socket.onmessage = (event) => {
        const message = parseLiveMessage(event.data);
        if (!message) return;
        for (const scope of message.scopes) {
          void queryClient.invalidateQueries({ queryKey: scopeQueryKey(scope) });
        }
      };

      socket.onclose = () => {
        socket = null;
        if (stopped) return;
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
      socket?.close();
    };
  }, [queryClient]);
}
