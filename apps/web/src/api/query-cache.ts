import { TIMINGS } from '@portal/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { type ApiClient, apiArea, apiClient } from './client';

/**
 * The GET cache rules of spec section 9, on TanStack Query:
 *
 * - Query keys start with the API area, the first path segment after /api/: use {@link apiQueryKey}
 *   (`apiQueryKey('/api/messages/3')` is `['messages', '/api/messages/3']`).
 * - A POST, PUT, PATCH or DELETE below /api/ invalidates every query whose key starts with its area, once its
 *   response arrived (whatever the status: a failed write may still have changed something).
 * - The whole cache is cleared 30 minutes after sign-in (TIMINGS.getCacheLifetimeMs, once per sign-in; signing in
 *   again restarts the clock) and at once on sign-in and sign-out, so one user never sees another's data.
 * - A request marked disableCache skips the cache: spread {@link UNCACHED_QUERY_OPTIONS} into its query (nothing is
 *   kept, every mount fetches) and pass `{ disableCache: true }` to getJson (the browser's HTTP cache is skipped too).
 *
 * {@link connectQueryCache} wires one QueryClient to the API client's notices; the app calls it once next to where it
 * creates its QueryClient.
 */

/** The key of a query on `path`: its area first, so invalidating the area reaches it. */
export function apiQueryKey(path: string, ...rest: unknown[]): QueryKey {
  return [apiArea(path) ?? path, path, ...rest];
}

/** Query options for a request that must not be cached. */
export const UNCACHED_QUERY_OPTIONS = { staleTime: 0, gcTime: 0 } as const;

export interface QueryCacheTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const defaultTimers: QueryCacheTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export interface ConnectQueryCacheOptions {
  client?: ApiClient;
  lifetimeMs?: number;
  timers?: QueryCacheTimers;
}

/** Applies the cache rules above to `queryClient`; returns the function that disconnects it. */
export function connectQueryCache(queryClient: QueryClient, options: ConnectQueryCacheOptions = {}): () => void {
  const client = options.client ?? apiClient;
  const lifetimeMs = options.lifetimeMs ?? TIMINGS.getCacheLifetimeMs;
  const timers = options.timers ?? defaultTimers;
  let expiry: unknown;

  function stopClock(): void {
    if (expiry !== undefined) timers.clearTimeout(expiry);
    expiry = undefined;
  }

  const stopMutations = client.onMutation(({ area }) => {
    void queryClient.invalidateQueries({ queryKey: [area] });
  });
  const stopSession = client.onSessionEvent((event) => {
    stopClock();
    queryClient.clear();
    if (event === 'signed-in') {
      expiry = timers.setTimeout(() => {
        expiry = undefined;
        queryClient.clear();
      }, lifetimeMs);
    }
  });

  return () => {
    stopMutations();
    stopSession();
    stopClock();
  };
}
