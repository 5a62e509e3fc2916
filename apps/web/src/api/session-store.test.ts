import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, hasSessionCookie } from './session-store';

describe('session store', () => {
  it('keeps the access tokens with their expiry, and the roles, in memory only', () => {
    const now = Date.parse('2026-11-21T10:00:00.000Z');
    const store = createSessionStore({ now: () => now });

    store.setTokens('a', 300);
    store.setDashTokens('da', 600);
    store.setRoles(['customer']);

    expect(store.getTokens()).toEqual({ accessToken: 'a', expiresAt: '2026-11-21T10:05:00.000Z' });
    expect(store.getDashTokens()).toEqual({ accessToken: 'da', expiresAt: '2026-11-21T10:10:00.000Z' });
    expect(store.getRoles()).toEqual(['customer']);
    expect(store.isSignedIn()).toBe(true);
    // A store of its own is another page: it starts signed out (the cookie restores it, client.ts).
    expect(createSessionStore().isSignedIn()).toBe(false);
  });

  it('is signed in only with an access token whose expiry is in the future', () => {
    let now = Date.parse('2026-11-21T10:00:00.000Z');
    const store = createSessionStore({ now: () => now });
    expect(store.isSignedIn()).toBe(false);

    store.setTokens('a', 60);
    expect(store.isSignedIn()).toBe(true);
    now += 60_000;
    expect(store.isSignedIn()).toBe(false);
  });

  it('clears everything and notifies subscribers with a fresh snapshot', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    store.setRestoring(true);
    expect(store.getSnapshot()).toEqual({ signedIn: false, restoring: true, roles: [] });
    store.setTokens('a', 60);
    store.setRoles(['customer']);
    store.setRestoring(false);
    const signedIn = store.getSnapshot();
    expect(store.getSnapshot()).toBe(signedIn);
    expect(signedIn).toEqual({ signedIn: true, restoring: false, roles: ['customer'] });

    store.clear();
    expect(store.getTokens()).toBeUndefined();
    expect(store.getSnapshot()).toEqual({ signedIn: false, restoring: false, roles: [] });
    expect(listener).toHaveBeenCalledTimes(5);

    unsubscribe();
    store.setRoles([]);
    expect(listener).toHaveBeenCalledTimes(5);
  });

  it('knows a session cookie is there from the signed-in flag the server sets beside it', () => {
    expect(hasSessionCookie('themeCode=acme; portal_signed_in=1')).toBe(true);
    expect(hasSessionCookie('portal_signed_in=1')).toBe(true);
    expect(hasSessionCookie('a=b; __Secure-portal_signed_in=1')).toBe(true);
    expect(hasSessionCookie('themeCode=acme')).toBe(false);
    expect(hasSessionCookie('')).toBe(false);
    expect(hasSessionCookie('not_portal_signed_in=1')).toBe(false);
  });
});
