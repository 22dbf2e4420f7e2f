import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './ApiError';

// Client errors (4xx) will not change on retry; only server or network trouble is worth retrying.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    // Live updates invalidate what changed, so cached data can stay fresh for a while.
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
