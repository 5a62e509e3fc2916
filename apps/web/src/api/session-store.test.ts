import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, createSessionStore, SESSION_KEYS } from './session-store';

describe('session store', () => {
  it('keeps the tokens under id_token and dash_id_token with their expiry, and the roles', () => {
    const storage = createMemoryStorage();
    const now = Date.parse('2026-11-21T10:00:00.000Z');
    const store = createSessionStore({ storage, now: () => now });

    store.setTokens('a', 'r', 300);
    store.setDashTokens('da', 'dr', 600);
    store.setRoles(['customer']);

    expect(JSON.parse(storage.getItem('id_token') ?? '')).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: '2026-11-21T10:05:00.000Z',
    });
    expect(JSON.parse(storage.getItem('dash_id_token') ?? '').expiresAt).toBe('2026-11-21T10:10:00.000Z');
    expect(JSON.parse(storage.getItem('roles') ?? '')).toEqual(['customer']);
    expect(store.getRoles()).toEqual(['customer']);
    expect(store.isSignedIn()).toBe(true);
  });

  it('is signed in only with an access token whose expiry is in the future', () => {
    let now = Date.parse('2026-11-21T10:00:00.000Z');
    const store = createSessionStore({ storage: createMemoryStorage(), now: () => now });
    expect(store.isSignedIn()).toBe(false);

    store.setTokens('a', 'r', 60);
    expect(store.isSignedIn()).toBe(true);
    now += 60_000;
    expect(store.isSignedIn()).toBe(false);

    const stale = createMemoryStorage({
      [SESSION_KEYS.main]: JSON.stringify({ accessToken: 'a', refreshToken: 'r', expiresAt: '2020-01-01T00:00:00Z' }),
    });
    expect(createSessionStore({ storage: stale }).isSignedIn()).toBe(false);
    expect(createSessionStore({ storage: createMemoryStorage({ id_token: 'garbage' }) }).isSignedIn()).toBe(false);
  });

  it('clears everything and notifies subscribers with a fresh snapshot', () => {
    const storage = createMemoryStorage();
    const store = createSessionStore({ storage });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    store.setTokens('a', 'r', 60);
    store.setRoles(['customer']);
    const signedIn = store.getSnapshot();
    expect(store.getSnapshot()).toBe(signedIn);
    expect(signedIn).toEqual({ signedIn: true, roles: ['customer'] });

    store.clear();
    expect(storage.data.size).toBe(0);
    expect(store.getSnapshot()).toEqual({ signedIn: false, roles: [] });
    expect(listener).toHaveBeenCalledTimes(3);

    unsubscribe();
    store.setRoles([]);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
