import { type Role, SIGNED_IN_COOKIE } from '@portal/contract';

/**
 * The signed-in session as the browser keeps it: in this page's memory only, never in localStorage or
 * sessionStorage, where any script could read it (docs/decisions/0206). The refresh token is not here at all: it is
 * in an HttpOnly cookie the server sets, which scripts cannot read, so a reload or a new tab starts signed out and
 * restores the session with a refresh (client.ts, restoreSession). React reads the store through
 * `useSyncExternalStore(store.subscribe, store.getSnapshot)`; every change notifies the subscribers.
 */

/** One access token; `expiresAt` is the ISO time it stops working (its issue time plus expiresIn seconds). */
export interface StoredTokens {
  accessToken: string;
  expiresAt: string;
}

/** What the app renders from; the same object until the session changes. */
export interface SessionSnapshot {
  signedIn: boolean;
  /** A session is being restored from the cookie (a reload, a new tab): not yet signed in, nor signed out. */
  restoring: boolean;
  roles: readonly Role[];
}

export interface SessionStore {
  getTokens(): StoredTokens | undefined;
  getDashTokens(): StoredTokens | undefined;
  getRoles(): Role[];
  /** Keeps an access token that expires `expiresInSeconds` from now. */
  setTokens(accessToken: string, expiresInSeconds: number): void;
  setDashTokens(accessToken: string, expiresInSeconds: number): void;
  setRoles(roles: readonly Role[]): void;
  /** An access token is held and its expiry is in the future. */
  isSignedIn(): boolean;
  setRestoring(restoring: boolean): void;
  /** Forgets the tokens and the roles. */
  clear(): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): SessionSnapshot;
}

/**
 * Whether this browser holds a session cookie to restore: the server sets SIGNED_IN_COOKIE, which holds nothing
 * secret, beside the HttpOnly refresh token and ends it with it (named `__Secure-…` over TLS).
 */
export function hasSessionCookie(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  const names = new Set([SIGNED_IN_COOKIE, `__Secure-${SIGNED_IN_COOKIE}`]);
  return cookies.split(';').some((part) => names.has(part.trim().split('=', 1)[0] ?? ''));
}

export interface SessionStoreOptions {
  /** The clock, in epoch milliseconds. */
  now?: () => number;
}

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  let main: StoredTokens | undefined;
  let dash: StoredTokens | undefined;
  let roles: Role[] = [];
  let restoring = false;
  let snapshot: SessionSnapshot | undefined;

  function notify(): void {
    snapshot = undefined;
    for (const listener of [...listeners]) listener();
  }

  const tokens = (accessToken: string, expiresInSeconds: number): StoredTokens => ({
    accessToken,
    expiresAt: new Date(now() + expiresInSeconds * 1000).toISOString(),
  });

  const store: SessionStore = {
    getTokens: () => main,
    getDashTokens: () => dash,
    getRoles: () => [...roles],
    setTokens(accessToken, expiresIn) {
      main = tokens(accessToken, expiresIn);
      notify();
    },
    setDashTokens(accessToken, expiresIn) {
      dash = tokens(accessToken, expiresIn);
      notify();
    },
    setRoles(next) {
      roles = [...next];
      notify();
    },
    isSignedIn() {
      if (!main) return false;
      return Date.parse(main.expiresAt) > now();
    },
    setRestoring(next) {
      if (restoring === next) return;
      restoring = next;
      notify();
    },
    clear() {
      main = undefined;
      dash = undefined;
      roles = [];
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /**
     * Cached until the next change, as useSyncExternalStore requires. Expiry alone does not notify: a session whose
     * token expired while the page is open renews it through the client's refresh (or ends on its failure) on the
     * next call.
     */
    getSnapshot() {
      snapshot ??= { signedIn: store.isSignedIn(), restoring, roles: store.getRoles() };
      return snapshot;
    },
  };
  return store;
}

/** The app's session, in this page's memory. */
export const sessionStore: SessionStore = createSessionStore();
