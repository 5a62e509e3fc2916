import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apiArea } from './client';
import { apiQueryKey, connectQueryCache, type QueryCacheTimers } from './query-cache';
import { json, setup } from './test-helpers';

function fakeTimers() {
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  const timers: QueryCacheTimers = {
    setTimeout: (callback, ms) => {
      next += 1;
      pending.set(next, { callback, ms });
      return next;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  return { timers, pending };
}

function seeded() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(apiQueryKey('/api/messages'), ['m']);
  queryClient.setQueryData(apiQueryKey('/api/messages/3'), { id: 3 });
  queryClient.setQueryData(apiQueryKey('/api/users'), ['u']);
  return queryClient;
}

const isInvalidated = (queryClient: QueryClient, path: string) =>
  queryClient.getQueryState(apiQueryKey(path))?.isInvalidated;

describe('query cache rules', () => {
  it('names the area after /api/', () => {
    expect(apiArea('/api/messages/3')).toBe('messages');
    expect(apiArea('api/invoices?$top=5')).toBe('invoices');
    expect(apiArea('/ready')).toBeUndefined();
    expect(apiQueryKey('/api/messages/3', { page: 1 })).toEqual(['messages', '/api/messages/3', { page: 1 }]);
  });

  it('invalidates the queries of the area a write hits, and only those', async () => {
    const { client } = setup(() => json(200, {}));
    const queryClient = seeded();
    const disconnect = connectQueryCache(queryClient, { client, timers: fakeTimers().timers });

    await client.getJson('/api/messages', String);
    expect(isInvalidated(queryClient, '/api/messages')).toBe(false);

    await client.sendJson('POST', '/api/messages/3', { read: true }, (body) => body);
    expect(isInvalidated(queryClient, '/api/messages')).toBe(true);
    expect(isInvalidated(queryClient, '/api/messages/3')).toBe(true);
    expect(isInvalidated(queryClient, '/api/users')).toBe(false);

    disconnect();
    await client.apiFetch('/api/users/1', { method: 'DELETE' });
    expect(isInvalidated(queryClient, '/api/users')).toBe(false);
  });

  it('clears the cache on sign-in, 30 minutes later, and on sign-out', () => {
    const { client } = setup(() => json(200, {}));
    const queryClient = seeded();
    const { timers, pending } = fakeTimers();
    connectQueryCache(queryClient, { client, timers });

    client.announceSession('signed-in');
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect([...pending.values()].map((timer) => timer.ms)).toEqual([1_800_000]);

    queryClient.setQueryData(apiQueryKey('/api/users'), ['u']);
    for (const [handle, timer] of pending) {
      pending.delete(handle);
      timer.callback();
    }
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);

    client.announceSession('signed-in');
    queryClient.setQueryData(apiQueryKey('/api/users'), ['u']);
    client.announceSession('signed-out');
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(pending.size).toBe(0);
  });
});
